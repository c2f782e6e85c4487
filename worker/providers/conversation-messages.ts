import type { ConversationTurn } from '../../contract/conversation.ts';
import type { AnswerRequest } from './answer-provider.ts';
import { imageDataUrl, imagesOf, promptText } from './attachment-parts.ts';

/**
 * A question and the turns before it, in each vendor's shape. A lone question (no history, no system prompt, no
 * attachments) becomes exactly the one user message it always was. Attached documents are text ahead of the
 * question; attached images join the question's own turn in the vendor's image format.
 */

type Turn = ConversationTurn;
type AskedTurns = Pick<AnswerRequest, 'prompt' | 'history' | 'systemPrompt' | 'attachments'>;

/** The column's system prompt comes first, ahead of any system turn a conversation brought along. */
function turnsOf(request: AskedTurns): Turn[] {
  const system: Turn[] = request.systemPrompt ? [{ role: 'system', content: request.systemPrompt }] : [];
  return [...system, ...(request.history ?? []), { role: 'user', content: promptText(request) }];
}

type ChatImagePart = { type: 'image_url'; image_url: { url: string } };
type ChatMessage = { role: Turn['role']; content: string } | { role: 'user'; content: ({ type: 'text'; text: string } | ChatImagePart)[] };

/** OpenAI chat completions (and the vendors that speak it): the turns as they are; images as `image_url` data URLs. */
export function chatMessages(request: AskedTurns): ChatMessage[] {
  const messages: ChatMessage[] = turnsOf(request).map((turn) => ({ role: turn.role, content: turn.content }));
  const images = imagesOf(request);
  if (images.length === 0) return messages;
  const question = messages.pop()!;
  const parts: ChatImagePart[] = images.map((image) => ({ type: 'image_url', image_url: { url: imageDataUrl(image) } }));
  return [...messages, { role: 'user', content: [{ type: 'text', text: question.content as string }, ...parts] }];
}

type ResponsesMessage =
  | { role: Turn['role']; content: string }
  | { role: 'user'; content: ({ type: 'input_text'; text: string } | { type: 'input_image'; image_url: string; detail: 'auto' })[] };

/**
 * OpenAI's Responses API (web search): the question alone as a string when nothing comes with it, else the turns,
 * with images as `input_image` parts. The system prompt goes separately as `instructions`.
 */
export function responsesInput(request: AskedTurns): string | ResponsesMessage[] {
  const images = imagesOf(request);
  if (!request.history?.length && images.length === 0) return promptText(request);
  const messages: ResponsesMessage[] = turnsOf({ ...request, systemPrompt: undefined }).map((turn) => ({ role: turn.role, content: turn.content }));
  if (images.length === 0) return messages;
  const question = messages.pop()!;
  return [
    ...messages,
    {
      role: 'user',
      content: [
        { type: 'input_text', text: question.content as string },
        ...images.map((image) => ({ type: 'input_image' as const, image_url: imageDataUrl(image), detail: 'auto' as const })),
      ],
    },
  ];
}

/**
 * Anthropic Messages: system turns go to the `system` field; the rest must alternate user and assistant, so
 * neighbours of the same role are joined.
 */
type AnthropicImageBlock = { type: 'image'; source: { type: 'base64'; media_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif'; data: string } };
type AnthropicMessage = { role: 'user' | 'assistant'; content: string | (AnthropicImageBlock | { type: 'text'; text: string })[] };

export function anthropicConversation(request: AskedTurns): {
  system: string | undefined;
  messages: AnthropicMessage[];
} {
  const turns = turnsOf(request);
  const system = turns.filter((turn) => turn.role === 'system').map((turn) => turn.content);
  const messages: { role: 'user' | 'assistant'; content: string }[] = [];
  for (const turn of turns) {
    if (turn.role === 'system') continue;
    const last = messages.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else messages.push({ role: turn.role, content: turn.content });
  }
  const images = imagesOf(request);
  const question = messages.at(-1);
  // Images first, then the text about them: the order Anthropic recommends.
  const withImages: AnthropicMessage[] =
    images.length > 0 && question
      ? [
          ...messages.slice(0, -1),
          {
            role: 'user',
            content: [
              ...images.map((image) => ({
                type: 'image' as const,
                source: { type: 'base64' as const, media_type: image.mediaType as AnthropicImageBlock['source']['media_type'], data: image.bytes.toString('base64') },
              })),
              { type: 'text' as const, text: question.content as string },
            ],
          },
        ]
      : messages;
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: withImages };
}

/** Gemini: `contents` with roles user and model; system turns become the system instruction. */
export function geminiConversation(request: AskedTurns): {
  systemInstruction: string | undefined;
  contents: string | { role: 'user' | 'model'; parts: ({ text: string } | { inlineData: { mimeType: string; data: string } })[] }[];
} {
  const images = imagesOf(request);
  if (!request.history?.length && images.length === 0) return { systemInstruction: request.systemPrompt || undefined, contents: promptText(request) };
  const turns = turnsOf(request);
  const system = turns.filter((turn) => turn.role === 'system').map((turn) => turn.content);
  const contents = turns
    .filter((turn) => turn.role !== 'system')
    .map((turn) => ({
      role: turn.role === 'assistant' ? ('model' as const) : ('user' as const),
      parts: [{ text: turn.content }] as ({ text: string } | { inlineData: { mimeType: string; data: string } })[],
    }));
  // The question's turn is last: its images follow its text as `inlineData` parts.
  contents.at(-1)!.parts.push(...images.map((image) => ({ inlineData: { mimeType: image.mediaType, data: image.bytes.toString('base64') } })));
  return { systemInstruction: system.length > 0 ? system.join('\n\n') : undefined, contents };
}
