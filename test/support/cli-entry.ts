// The CLI from its sources, for tests that run it as a child process (see cli.ts); bin/ runs the compiled one.
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv);
