"""The agent loop: model request -> streamed deltas -> tool calls -> tool results -> again.

Follows docs/protocol.md 3.6.2 for event order and 3.6.5 for the turn limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zero_engine.output import Sink
from zero_engine.provider import (
    ChatMessage,
    ImageInput,
    ModelRequest,
    Provider,
    ReasoningDelta,
    TextDelta,
    ToolCallRequest,
    ToolDefinition,
    TurnEnd,
    Usage,
)
from zero_engine.tools.base import ToolExecution, ToolRegistryProtocol, ToolResult

MAX_TURNS_FINAL_ANSWER_PROMPT = (
    "You have reached the maximum number of turns for this run. Do not call any tools. "
    "Summarize what you accomplished and give your final answer now."
)
NO_FINAL_ANSWER_TEXT = "Agent reached maximum number of turns without a final answer."
SYSTEM_PROMPT = "You are Zero, a coding agent running headless inside the user's workspace."


@dataclass(frozen=True)
class LoopSettings:
    max_turns: int
    session_id: str = ""


@dataclass
class LoopOutcome:
    final_text: str
    finish_reason: str = "stop"
    hit_turn_limit: bool = False
    checkpoints: int = field(default=0)


def truncation_notice(finish_reason: str) -> str:
    """The warning for a response that stopped early (empty for normal endings)."""
    if finish_reason in ("", "stop", "tool_calls", "end_turn"):
        return ""
    if finish_reason == "length":
        return "Response was cut off at the output token limit and may be incomplete."
    if finish_reason == "content_filter":
        return "Response was stopped by the provider's content filter and may be incomplete."
    return f"Response ended early ({finish_reason}) and may be incomplete."


class AgentLoop:
    def __init__(
        self, provider: Provider, registry: ToolRegistryProtocol | None, sink: Sink, settings: LoopSettings
    ) -> None:
        self.provider = provider
        self.registry = registry
        self.sink = sink
        self.settings = settings
        self._side_effects = (
            {spec.name: spec.side_effect for spec in registry.all_specs()} if registry else {}
        )
        self._checkpoint_sequence = 0

    def _tools(self) -> tuple[ToolDefinition, ...]:
        if self.registry is None:
            return ()
        return tuple(
            ToolDefinition(spec.name, spec.description, spec.parameters)
            for spec in self.registry.request_specs()
        )

    def _request(self, messages: list[ChatMessage], with_tools: bool) -> tuple[str, TurnEnd]:
        """One model request; streams deltas to the sink and returns (text, turn end)."""
        request = ModelRequest(
            model=self.provider.info.api_model,
            messages=tuple(messages),
            tools=self._tools() if with_tools else (),
        )
        parts: list[str] = []
        usage: Usage | None = None
        end = TurnEnd()
        for chunk in self.provider.stream(request):
            if isinstance(chunk, TextDelta):
                parts.append(chunk.text)
                self.sink.text(chunk.text)
            elif isinstance(chunk, ReasoningDelta):
                self.sink.reasoning(chunk.text)
            elif isinstance(chunk, Usage):
                usage = chunk
            else:
                end = chunk
                break
        if usage is not None:  # one usage per request, when its stream ends
            self.sink.usage(usage.prompt_tokens, usage.completion_tokens)
        return "".join(parts), end

    def _execute(self, call: ToolCallRequest) -> ToolExecution:
        if self.registry is None:
            return ToolExecution(ToolResult(status="error", output=f'Error: Unknown tool "{call.name}".'))
        return self.registry.execute(call.id, call.name, call.arguments)

    def _run_call(self, call: ToolCallRequest) -> ToolResult:
        self.sink.tool_call(call.id, call.name, call.arguments, self._side_effects.get(call.name))
        execution = self._execute(call)
        if self.settings.session_id and execution.checkpoint_files:
            self._checkpoint_sequence += 1
            self.sink.checkpoint(self._checkpoint_sequence, call.name, execution.checkpoint_files)
        if execution.permission is not None:
            # Emitted after the tool ran: it reflects the decision attached to the result.
            self.sink.permission(call.id, call.name, execution.permission, self.settings.session_id)
        self.sink.tool_result(call.id, call.name, execution.result)
        return execution.result

    def run(self, prompt: str, images: tuple[ImageInput, ...]) -> LoopOutcome:
        messages = [
            ChatMessage(role="system", content=SYSTEM_PROMPT),
            ChatMessage(role="user", content=prompt, images=images),
        ]
        max_turns = self.settings.max_turns if self.settings.max_turns > 0 else 12
        for _ in range(max_turns):
            text, end = self._request(messages, with_tools=True)
            if not end.tool_calls:
                return LoopOutcome(final_text=text, finish_reason=end.finish_reason)
            messages.append(ChatMessage(role="assistant", content=text, tool_calls=end.tool_calls))
            for call in end.tool_calls:
                result = self._run_call(call)
                messages.append(
                    ChatMessage(role="tool", content=result.output, tool_call_id=call.id, name=call.name)
                )
        # Turn limit: one more request without tools to get a summary (3.6.5).
        messages.append(ChatMessage(role="user", content=MAX_TURNS_FINAL_ANSWER_PROMPT))
        text, end = self._request(messages, with_tools=False)
        return LoopOutcome(
            final_text=text.strip() or NO_FINAL_ANSWER_TEXT,
            finish_reason=end.finish_reason,
            hit_turn_limit=True,
        )
