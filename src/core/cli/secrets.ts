/**
 * The secrets a CLI process must never print (the token, from the environment, `--token` or the
 * token file the extension rewrites), and the writer that hides them: everything the CLI and the
 * MCP server write goes through it, so a service that quotes the token back cannot make it appear.
 */
export interface TextWriter {
  write(chunk: string): unknown;
}

/** Shorter strings are not hidden: they would blank out ordinary words. */
const MIN_SECRET_LENGTH = 4;

export class SecretSet {
  private readonly secrets = new Set<string>();

  /** Adds a secret (and its trimmed form); later writes hide it. */
  add(secret: string | undefined): void {
    for (const s of [secret, secret?.trim()]) {
      if (s !== undefined && s.length >= MIN_SECRET_LENGTH) this.secrets.add(s);
    }
  }

  redact(text: string): string {
    let out = text;
    // Longest first: a secret that contains another is hidden whole.
    for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join('[redacted]');
    return out;
  }

  /** `target`, with every secret known at the time of each write hidden. */
  writer(target: TextWriter): TextWriter {
    return { write: (chunk: string) => target.write(this.redact(chunk)) };
  }
}
