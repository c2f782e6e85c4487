import { documentBlock } from '../../contract/attachments.ts';
import type { PromptAttachment } from '../../core/attachments/index.ts';
import type { AnswerRequest } from './answer-provider.ts';

/**
 * A question's attachments as every vendor is sent them. Documents are text for every model: each set between its
 * marker lines ahead of the question (contract/attachments.ts), so the model reads the files first and then what
 * is asked about them. Images keep their bytes and go in each vendor's own image part (the adapters' message
 * builders in conversation-messages.ts); only models the catalogue says read images are ever sent one.
 */

type WithAttachments = Pick<AnswerRequest, 'prompt' | 'attachments'>;

/** The question as the user's last turn reads it: the documents' blocks, then the question. */
export function promptText(request: WithAttachments): string {
  const documents = (request.attachments ?? []).filter((attachment) => attachment.kind === 'document');
  if (documents.length === 0) return request.prompt;
  const blocks = documents.map((document, index) => documentBlock(index + 1, document.name, document.text ?? '', document.textChars ?? 0));
  return `${blocks.join('\n\n')}\n\n${request.prompt}`;
}

/** The images to send, in the order they were attached. */
export function imagesOf(request: Pick<AnswerRequest, 'attachments'>): PromptAttachment[] {
  return (request.attachments ?? []).filter((attachment) => attachment.kind === 'image');
}

/** `data:` URL of an image, as OpenAI's Chat Completions (`image_url`) and Responses (`input_image`) take it. */
export function imageDataUrl(image: PromptAttachment): string {
  return `data:${image.mediaType};base64,${image.bytes.toString('base64')}`;
}
