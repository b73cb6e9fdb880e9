// Test only, never packaged: makes Service Health's embedded sample service die as a crashed local
// process would (its port stops accepting connections), from the command palette. Service Health
// returns no API outside Test mode, and the UI workbench runs it in Development mode, so the server
// is found through Node's public diagnostics channel for incoming HTTP requests: this companion
// shares the extension host process, and the sample service is the only HTTP server there that
// answers Service Health's ARM-shaped requests. The product never knows.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server } from 'node:http';
import * as vscode from 'vscode';

interface RequestStart {
  readonly request: IncomingMessage;
  readonly server: Server;
}

/** The server that last answered an ARM-shaped request on loopback (the sample service). */
let last: Server | undefined;

function onRequest(message: unknown): void {
  const { request, server } = message as RequestStart;
  const address = server.address();
  const loopback = typeof address === 'object' && address !== null && address.address === '127.0.0.1';
  if (loopback && /^\/(subscriptions|rate_limit)\b/i.test(request.url ?? '')) {
    last = server;
  }
}

export function activate(context: vscode.ExtensionContext): void {
  subscribe('http.server.request.start', onRequest);
  context.subscriptions.push(
    { dispose: () => void unsubscribe('http.server.request.start', onRequest) },
    vscode.commands.registerCommand('serviceHealthTest.crashSampleService', async () => {
      const server = last;
      if (!server?.listening) {
        await vscode.window.showErrorMessage('Service Health Test: no running sample service has answered a request yet; refresh the view first.');
        return;
      }
      last = undefined;
      // A crash closes the listening port and every open connection at once: the next request is refused.
      server.close();
      server.closeAllConnections();
    }),
  );
}
