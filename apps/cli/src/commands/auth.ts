// `login` (browser sign-in, RFC 8628), `logout`, `auth status`, `whoami`.
import { rmSync } from "node:fs";
import type { Command } from "commander";
import { ClientError, type Barscript } from "@barscript/sdk";
import { EXIT, exitCodeForError, type ExitCode } from "@barscript/contracts";
import { NOT_SIGNED_IN, saveCredentials } from "../config";
import { openBrowser } from "../browser";
import type { Cli, CommandModule } from "../context";

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function login(cli: Cli, clientName: string, noBrowser: boolean): Promise<ExitCode> {
  const config = cli.config();
  const sdk = cli.sdk();
  const auth = await sdk.call("startDeviceAuthorization", { body: { client_name: clientName } });
  const opened = !noBrowser && openBrowser(auth.verification_uri_complete, cli.env);
  cli.io.err(`${opened ? "Opened" : "Open"} ${auth.verification_uri_complete}\nand confirm the code ${auth.user_code} (it expires in ${Math.round(auth.expires_in / 60)} minutes).`);
  let interval = auth.interval;
  for (;;) {
    await sleep(interval * 1000);
    try {
      const token = await sdk.call("pollDeviceAuthorization", { body: { device_code: auth.device_code } });
      saveCredentials(config.credentialsPath, { base_url: config.baseUrl, api_key: token.api_key });
      cli.io.err(`Signed in: key ${token.key.prefix}… (${token.key.scopes.join(", ")}) saved to ${config.credentialsPath}.`);
      if (cli.mode().json) cli.emit({ signed_in: true, base_url: config.baseUrl, key: token.key, credentials: config.credentialsPath }, () => "");
      return EXIT.ok;
    } catch (error) {
      if (!(error instanceof ClientError)) throw error;
      if (error.code === "authorization_pending") continue;
      // RFC 8628: each slow_down adds 5 seconds to the interval for every later poll.
      if (error.code === "slow_down") { interval += 5; continue; }
      if (error.code === "access_denied" || error.code === "expired_token") {
        cli.io.err(`Error ${error.code}: ${error.message}`);
        return exitCodeForError(error.code);
      }
      throw error;
    }
  }
}

async function logout(cli: Cli): Promise<ExitCode> {
  const config = cli.config();
  if (config.apiKey) {
    try {
      await cli.sdk().call("revokeKey");
    } catch (error) {
      // A key already dead is logged out all the same.
      if (!(error instanceof ClientError) || error.code !== "unauthorized") throw error;
    }
  }
  rmSync(config.credentialsPath, { force: true });
  cli.emit({ logged_out: true, credentials: config.credentialsPath }, () => `Logged out: the key is revoked and ${config.credentialsPath} removed.`);
  return EXIT.ok;
}

async function status(cli: Cli, sdk: Barscript): Promise<ExitCode> {
  const config = cli.config();
  const source = cli.flags().apiKey ? "--api-key" : cli.env["BARSCRIPT_API_KEY"] ? "BARSCRIPT_API_KEY" : config.apiKey ? config.credentialsPath : null;
  if (!config.apiKey) {
    cli.emit({ base_url: config.baseUrl, signed_in: false }, () => `${config.baseUrl}\n${NOT_SIGNED_IN}`);
    return EXIT.auth;
  }
  const me = await sdk.call("getMe");
  cli.emit({ base_url: config.baseUrl, signed_in: true, key_source: source, key_prefix: config.apiKey.slice(0, 12), account: me }, (m) =>
    `${m.colors.green("✓")} Signed in to ${config.baseUrl} as ${m.colors.bold(me.handle)} (${me.email}, plan ${me.plan.name})\n  key ${config.apiKey?.slice(0, 12)}… from ${source}`);
  return EXIT.ok;
}

export const authCommands: CommandModule = (program: Command, cli: Cli) => {
  program.command("login").description("sign in through the browser and save a key")
    .option("--client-name <name>", "name shown on the approval page", "barscript CLI")
    .option("--no-browser", "print the link without opening a browser")
    .action(cli.action((opts: { clientName: string; browser: boolean }) => login(cli, opts.clientName, !opts.browser)));
  program.command("logout").description("revoke the saved key and forget it")
    .action(cli.action(() => logout(cli)));
  program.command("auth").description("sign-in state").command("status").description("which API and account this CLI uses")
    .action(cli.action(() => status(cli, cli.sdk())));
  program.command("whoami").description("the account of the key")
    .action(cli.action(async () => {
      const me = await cli.sdk().call("getMe");
      cli.emit(me, () => `${me.handle} (${me.email}), plan ${me.plan.name}, ${me.status}`);
      return EXIT.ok;
    }));
};
