// Every command of `barscript`, in help order. A new command is one file exporting a
// CommandModule and one line here.
import type { CommandModule } from "../context";
import { authCommands } from "./auth";
import { catalogCommands } from "./catalog";
import { drawingsCommand } from "./drawings";
import { initCommand } from "./init";
import { logsCommand } from "./logs";
import { resultCommands } from "./results";
import { runCommands } from "./runs";
import { scriptCommands } from "./scripts";
import { sweepCommands } from "./sweeps";

export const COMMANDS: readonly CommandModule[] = [
  authCommands,
  initCommand,
  scriptCommands,
  runCommands,
  resultCommands,
  sweepCommands,
  drawingsCommand,
  logsCommand,
  catalogCommands,
];
