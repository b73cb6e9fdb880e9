// Test only, never packaged: a fake language model for the real Chat view. The Chat view resolves a
// model before it calls any participant (without one it answers "Language model unavailable"), and
// in Agent mode it offers only models that call tools; @health itself needs no model. The provider
// API is stable from VS Code 1.104 (the product's own minimum is lower), so its types are declared
// here. See /work/shared/notes/chat-and-sign-in-offline.md for the three conditions it meets.
import * as vscode from 'vscode';

const VENDOR = 'service-health-test';
export const MODEL_NAME = 'Test Echo';

interface ChatInformation {
  readonly id: string;
  readonly name: string;
  readonly family: string;
  readonly version: string;
  readonly maxInputTokens: number;
  readonly maxOutputTokens: number;
  readonly capabilities: { readonly toolCalling: boolean };
}

interface ChatProvider {
  provideLanguageModelChatInformation(options: unknown, token: vscode.CancellationToken): ChatInformation[];
  provideLanguageModelChatResponse(
    model: ChatInformation,
    messages: readonly vscode.LanguageModelChatMessage[],
    options: unknown,
    progress: vscode.Progress<vscode.LanguageModelTextPart>,
    token: vscode.CancellationToken,
  ): Promise<void>;
  provideTokenCount(model: ChatInformation, text: string | vscode.LanguageModelChatMessage, token: vscode.CancellationToken): Promise<number>;
}

type LmWithProviders = typeof vscode.lm & { registerLanguageModelChatProvider(vendor: string, provider: ChatProvider): vscode.Disposable };

export function activate(context: vscode.ExtensionContext): void {
  const lm = vscode.lm as LmWithProviders;
  context.subscriptions.push(
    lm.registerLanguageModelChatProvider(VENDOR, {
      provideLanguageModelChatInformation: () => [
        // toolCalling: Agent mode, the only mode of the Chat view here, lists only tool-calling models.
        { id: 'test-echo-1', name: MODEL_NAME, family: 'test-echo', version: '1.0.0', maxInputTokens: 100_000, maxOutputTokens: 4_096, capabilities: { toolCalling: true } },
      ],
      provideLanguageModelChatResponse: async (_model, messages, _options, progress) => {
        const last = messages[messages.length - 1];
        const text = last ? last.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('') : '';
        progress.report(new vscode.LanguageModelTextPart(`ECHO ${text.slice(0, 200)}`));
      },
      provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4),
    }),
  );
  // The workbench resolves a non-Copilot vendor's models only once something asks; not awaited, as
  // awaiting inside activate() could wait on this extension's own activation.
  setTimeout(() => void vscode.lm.selectChatModels({ vendor: VENDOR }), 0);
}
