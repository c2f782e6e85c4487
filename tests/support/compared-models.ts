/**
 * Five models compared at once, one per provider, as the comparison checklist names them and with the model id
 * their column carries: more than sit side by side, so the workspace opens them in tabs. The workspace's browser
 * test and the streaming benchmark ask the same five.
 */
export const FIVE_COMPARED_MODELS = [
  { label: 'OpenAI - GPT-4o mini', model: 'gpt-4o-mini' },
  { label: 'Anthropic - Claude 3.5 Haiku', model: 'claude-3-5-haiku-20241022' },
  { label: 'Google Gemini - Gemini 2.5 Flash', model: 'gemini-2.5-flash' },
  { label: 'DeepSeek - DeepSeek Chat', model: 'deepseek-chat' },
  { label: 'Groq - Llama 3.1 8B', model: 'llama-3.1-8b-instant' },
] as const;
