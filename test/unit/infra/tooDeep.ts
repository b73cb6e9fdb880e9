/** A folder the walk cannot list as root can (tests run as root, so chmod 000 does not stop it). */
import { execFileSync } from 'node:child_process';

/** Folders 24 deep with 200-character names, made by relative steps as a deep checkout can be: the absolute path passes PATH_MAX (4,096), so listing it fails with ENAMETOOLONG. */
const DEEP = "const fs = require('fs'); process.chdir(process.argv[1]); for (let i = 0; i < 24; i++) { fs.mkdirSync('d'.repeat(200)); process.chdir('d'.repeat(200)); }";

export function makeTooDeepFolder(dir: string): void {
  execFileSync(process.execPath, ['-e', DEEP, dir]);
}

/** rm copes with paths longer than the system allows; rmSync may not. */
export function removeTree(dir: string): void {
  execFileSync('rm', ['-rf', dir]);
}
