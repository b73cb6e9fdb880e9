/** A folder read in a worker of its own (the CLI's check, the MCP tool): aborting ends it at once. */
import { InfraReader, type FolderRead, type InfraReaderOptions } from './infraReader';
import type { ReadDirOptions } from './readDir';

/** Reads one folder in a worker of its own, ended after. */
export async function readDirOffThread(root: string, options: InfraReaderOptions & { readonly limits?: ReadDirOptions; readonly signal?: AbortSignal } = {}): Promise<FolderRead> {
  const reader = new InfraReader(options);
  try {
    return await reader.readDir(root, options.limits, options.signal);
  } finally {
    reader.dispose();
  }
}
