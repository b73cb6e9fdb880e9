// Entry point of the `health-events` CLI (filled in by the core work).
process.stdout.write('health-events: not built yet\n');
