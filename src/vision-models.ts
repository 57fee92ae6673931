/**
 * Which models can see images, as far as the vendors publish it. Shared by the worker (what the agent
 * is offered) and the panel (what the settings form shows as the default); the user's own `vision`
 * setting wins over this guess. A wrong "yes" costs a failed request (the API rejects the image), a
 * wrong "no" only hides the screenshot tool, so unknown models, small local ones included, default to no.
 */
const VISION: readonly RegExp[] = [
  // Anthropic: every Claude 3 and 4 model takes images (docs.anthropic.com, "Vision").
  /claude-(?:3|4|opus|sonnet|haiku)/i,
  // OpenAI: GPT-4o, GPT-4.1, GPT-5 (all sizes), GPT-4 Turbo, o1, o3 and o4-mini take image input.
  /gpt-4o|gpt-4\.1|gpt-5|gpt-4-turbo|gpt-4-vision|(?:^|\/)o1(?!-mini|-preview)\b|(?:^|\/)o3(?!-mini)\b|(?:^|\/)o4-mini/i,
  // Google: Gemini 1.5 onward is multimodal; 1.0 Pro is text only.
  /gemini-(?:1\.5|2|3|exp|flash|pro-vision)/i,
  // Open models that carry their vision in the name (Ollama, LM Studio and vLLM tags).
  /llava|vision|[-_.]vl(?:\b|[-_.:])|qwen2\.5vl|minicpm-v|moondream|pixtral|internvl/i,
];

/** Variants of vision families that take no image input. */
const TEXT_ONLY = /gpt-4o(?:-mini)?-(?:audio|transcribe|tts|search)|gpt-5-chat-audio|realtime/i;

export function visionByDefault(model: string): boolean {
  if (TEXT_ONLY.test(model)) return false;
  return VISION.some((p) => p.test(model));
}
