// `barscript login`: the browser sign-in (device authorization) of API.md "Sign-in".
import type { BarscriptClient } from "@barscript/client";
import { ClientError } from "@barscript/client";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { saveCredentials } from "../config";
import type { Io } from "../output";

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

interface Token {
  api_key: string;
  key: { name: string; prefix: string; scopes: string[] };
}

export async function login(client: BarscriptClient, io: Io, options: { clientName: string; credentialsPath: string; baseUrl: string; sleep?: (ms: number) => Promise<void> }): Promise<ExitCode> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const { body: auth } = await client.request<DeviceAuthorization>("POST", "/auth/device", { body: { client_name: options.clientName } });
  io.err(`Open ${auth.verification_uri_complete}\nand confirm the code ${auth.user_code} (it expires in ${Math.round(auth.expires_in / 60)} minutes).`);
  let interval = auth.interval;
  for (;;) {
    await sleep(interval * 1000);
    try {
      const { body: token } = await client.request<Token>("POST", "/auth/token", { body: { device_code: auth.device_code }, retry: "default" });
      saveCredentials(options.credentialsPath, { base_url: options.baseUrl, api_key: token.api_key });
      io.err(`Signed in: key ${token.key.prefix}… (${token.key.scopes.join(", ")}) saved to ${options.credentialsPath}.`);
      return EXIT.ok;
    } catch (error) {
      if (!(error instanceof ClientError)) throw error;
      if (error.code === "authorization_pending") continue;
      // RFC 8628: each slow_down adds 5 seconds to the interval for every later poll.
      if (error.code === "slow_down") { interval += 5; continue; }
      if (error.code === "access_denied" || error.code === "expired_token") {
        io.err(`Error ${error.code}: ${error.message}`);
        return EXIT.auth;
      }
      throw error;
    }
  }
}
