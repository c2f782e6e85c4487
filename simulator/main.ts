import { parseArgs } from 'node:util';
import { startProviderSimulator } from './provider-simulator.ts';

const usage = 'Usage: node --import tsx simulator/main.ts [--port 4010] [--host 127.0.0.1] [--chunk-delay-ms 15] [--chunks 40]';

function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) {
    console.error(`--${name} must be a whole number, got "${text}"\n${usage}`);
    process.exit(2);
  }
  return Number(text);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'chunk-delay-ms': { type: 'string' },
    chunks: { type: 'string' },
    help: { type: 'boolean' },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const simulator = await startProviderSimulator({
  host: values.host ?? '127.0.0.1',
  port: wholeNumber('port', values.port) ?? 4010,
  defaultChunkDelayMs: wholeNumber('chunk-delay-ms', values['chunk-delay-ms']),
  defaultChunkCount: wholeNumber('chunks', values.chunks),
});

// stdout carries only the URL so scripts can read it; the human-friendly note goes to stderr.
console.log(simulator.url);
console.error(`Provider simulator listening; OpenAI base URL: ${simulator.openaiBaseUrl}`);

let stopping = false;
const stop = (signalName: NodeJS.Signals): void => {
  if (stopping) return;
  stopping = true;
  console.error(`Received ${signalName}, closing the provider simulator`);
  simulator.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
