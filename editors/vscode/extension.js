// The Soumille STN extension: starts `soumille lsp` (docs/editors.md) for the `stn` files and
// hands it the repair budget and the point names of the settings as its initialization
// options; a change of the `soumille` settings is sent to it (workspace/didChangeConfiguration).
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration("soumille");
  const command = config.get("server.path", "soumille");
  const serverOptions = { run: { command, args: ["lsp"] }, debug: { command, args: ["lsp"] } };
  const clientOptions = {
    documentSelector: [{ language: "stn" }],
    initializationOptions: {
      repair: { budgetMs: config.get("repair.budgetMs", 300) },
      points: config.get("points", "letters"),
    },
    synchronize: { configurationSection: "soumille" },
  };
  client = new LanguageClient("soumille", "Soumille", serverOptions, clientOptions);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
