/**
 * Registers the `@health` chat participant at activation; its answers (src/ui/chat/healthParticipant.ts)
 * load with the first request. Follow-ups only read the answer's metadata, so they need nothing loaded.
 */
import * as vscode from 'vscode';
import { feedbackLine } from '../../core/chat/feedback';
import { ContextKey } from '../base/commandIds';
import { setContext } from '../base/commands';
import { Disposable } from '../base/disposable';
import { loadChatAnswers } from './lazyAnswers';
import type { AnswerStream, HealthChatAnswers, HealthChatDeps, HealthChatMetadata, HealthChatRequest } from './healthParticipant';

export const PARTICIPANT_ID = 'serviceHealth.health';

export class HealthChat extends Disposable {
  private loaded: HealthChatAnswers | undefined;

  constructor(private readonly deps: HealthChatDeps) {
    super();
    // Hosts without the chat API (older or stripped builds) still run the rest of the extension.
    if (typeof vscode.chat?.createChatParticipant !== 'function') {
      deps.log.info('The chat API is not available in this host; @health is not registered.');
      return;
    }
    const participant = this._register(vscode.chat.createChatParticipant(PARTICIPANT_ID, (request, _context, stream, token) => this.answer(request, stream, token)));
    participant.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'service-health.svg');
    participant.followupProvider = {
      provideFollowups: (result) => {
        const meta = result.metadata as Partial<HealthChatMetadata> | undefined;
        return (meta?.followups ?? []).map((f) => ({ prompt: f.prompt, label: f.label }));
      },
    };
    // So unhelpful answers can be found again in the log (what was listed, never what was typed).
    this._register(
      participant.onDidReceiveFeedback((f) => {
        const line = feedbackLine(f.kind === vscode.ChatResultFeedbackKind.Helpful, f.result);
        if (f.kind === vscode.ChatResultFeedbackKind.Helpful) deps.log.info(line);
        else deps.log.warn(line);
      }),
    );
  }

  /** Answers a request (loading the answers on first use), as the participant's handler does. */
  async answer(request: HealthChatRequest, stream: AnswerStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const result = await this.answers().answer(request, stream, token);
    void setContext(ContextKey.chatAnswered, true);
    return result;
  }

  private answers(): HealthChatAnswers {
    this.loaded ??= loadChatAnswers(this.deps);
    return this.loaded;
  }
}
