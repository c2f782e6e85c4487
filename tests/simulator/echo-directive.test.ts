import { describe, expect, it } from 'vitest';
import { useProviderSimulator } from '../support/provider-harness.ts';
import { createClient, userMessage } from './simulator-test-client.ts';

const simulator = useProviderSimulator();

/** `echo=1` lets a test put exact words (hostile markdown, say) in the model's mouth through the question. */
describe('the echo directive', () => {
  const prompt = `<script>alert(1)</script> [link](javascript:alert(2))   ![img](http://127.0.0.1:9/x.png) [[simulate echo=1 chunks=2]]`;
  const echoed = '<script>alert(1)</script> [link](javascript:alert(2)) ![img](http://127.0.0.1:9/x.png)';

  it('answers with the prompt itself, directives removed and whitespace tidied, one word per streamed delta', async () => {
    const stream = await createClient(simulator).chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage(prompt), stream: true });
    const deltas: string[] = [];
    for await (const chunk of stream) {
      const content = chunk.choices[0]?.delta.content;
      if (content) deltas.push(content);
    }
    expect(deltas.join('')).toBe(echoed);
    // `chunks` does not cut an echo short: every word arrives, each as its own delta.
    expect(deltas).toEqual(['<script>alert(1)</script> ', '[link](javascript:alert(2)) ', '![img](http://127.0.0.1:9/x.png)']);
  });

  it('answers the same text when not streamed', async () => {
    const completion = await createClient(simulator).chat.completions.create({ model: 'gpt-4o-mini', messages: userMessage(prompt) });
    expect(completion.choices[0]?.message.content).toBe(echoed);
  });
});
