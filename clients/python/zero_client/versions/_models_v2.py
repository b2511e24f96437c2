# GENERATED FILE - DO NOT EDIT.
# Generated from schema/v2.json (schemaVersion 2)
# by `zero-sdk generate --lang python --version 2`.
# Edit the schema and rerun that command instead of editing this file.

from typing import Annotated, Any, ClassVar, Literal, TypeAlias

from msgspec import UNSET, Meta, UnsetType, field

from zero_client._base import EventStruct, ProtocolStruct, const_default

Autonomy: TypeAlias = Literal['low', 'medium', 'high', 'member']


BlockAction: TypeAlias = Literal['allow', 'prompt', 'deny']


BlockCode: TypeAlias = Literal['context_canceled', 'denied_permission', 'outside_workspace', 'symlink_traversal', 'network', 'destructive_command', 'persistent_deny', 'denied']


class CheckpointInfo(ProtocolStruct, kw_only=True):
    """
    A captured file checkpoint or an applied restore; every field is omitted when zero.
    """

    files: (
        Annotated[list[str], Meta(description='Workspace-relative paths captured.')]
        | UnsetType
    ) = UNSET
    files_deleted: (
        Annotated[
            int,
            Meta(
                description='Number of files deleted (restore only). Between -(2^53-1) and 2^53-1, so every client holds it exactly.',
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ]
        | UnsetType
    ) = field(name='filesDeleted', default=UNSET)
    files_restored: (
        Annotated[
            int,
            Meta(
                description='Number of files restored (restore only). Between -(2^53-1) and 2^53-1, so every client holds it exactly.',
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ]
        | UnsetType
    ) = field(name='filesRestored', default=UNSET)
    sequence: (
        Annotated[
            int,
            Meta(
                description='Session event sequence of the checkpoint. Between -(2^53-1) and 2^53-1, so every client holds it exactly.',
                ge=-9007199254740991,
                le=9007199254740991,
            ),
        ]
        | UnsetType
    ) = UNSET
    skipped: (
        Annotated[list[str], Meta(description='Paths skipped by the restore.')]
        | UnsetType
    ) = UNSET
    tool: (
        Annotated[str, Meta(description='Tool whose call was checkpointed.')]
        | UnsetType
    ) = UNSET


class Display(ProtocolStruct, kw_only=True):
    """
    Compact human-facing summary of a tool result.
    """

    kind: (
        Annotated[str, Meta(description='Kind of result (e.g. `diff`).')] | UnsetType
    ) = UNSET
    summary: Annotated[str, Meta(description='One-line summary.')] | UnsetType = UNSET


ErrorCode: TypeAlias = Literal['usage_error', 'provider_error', 'sandbox_error', 'mcp_error', 'specialist_error', 'interrupted', 'incomplete']


class ErrorEvent(EventStruct, kw_only=True, tag_field='type', tag='error'):
    """
    A fatal error; always followed by run_end.
    """

    type: ClassVar[Literal['error']] = 'error'

    recoverable: Annotated[
        bool, Meta(description='Whether the client may retry; exec always sends false.')
    ]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    code: (
        Annotated[ErrorCode, Meta(description='Error class; decides the exit code.')]
        | UnsetType
    ) = UNSET
    message: (
        Annotated[str, Meta(description='Human-readable error text (redacted).')]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class FinalEvent(EventStruct, kw_only=True, tag_field='type', tag='final'):
    """
    The last turn's answer, sent exactly once on success (and before the error on an incomplete run).
    """

    type: ClassVar[Literal['final']] = 'final'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    meta: (
        Annotated[
            dict[str, str],
            Meta(
                description='Spec-draft details (`status`, `stopReason`, `specId`, ...); only with `--use-spec`.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    text: (
        Annotated[str, Meta(description='The final answer; omitted when empty.')]
        | UnsetType
    ) = UNSET


GrantDecision: TypeAlias = Literal['allow', 'deny']


GrantScopeKind: TypeAlias = Literal['file', 'dir', 'host']


class InputImage(ProtocolStruct, kw_only=True):
    """
    An image attached to a message input.
    """

    data: Annotated[
        str,
        Meta(
            description='Standard padded base64 of the image bytes, without a `data:` prefix; at most 10 MiB decoded.',
            max_length=13981015,
            pattern='^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
        ),
    ]
    media_type: Annotated[str, Meta(description='MIME type or short name: png, jpeg/jpg, gif or webp, optionally `image/`- or `data:`-prefixed, any case.')] = field(
        name='mediaType'
    )


class MessageInput(EventStruct, kw_only=True, tag_field='type', tag='message'):
    """
    A user message, optionally with images. `content` must contain a non-whitespace character unless at least one image is attached.
    """

    type: ClassVar[Literal['message']] = 'message'

    content: (
        Annotated[
            str,
            Meta(
                description='Message text; may be blank or absent only when images are attached.'
            ),
        ]
        | UnsetType
    ) = UNSET
    images: (
        Annotated[
            list[InputImage],
            Meta(
                description='Images attached to the message (only allowed on `message`).'
            ),
        ]
        | UnsetType
    ) = UNSET
    role: Annotated[
        Literal['user'], Meta(description='Message role; only `user` is accepted.')
    ] = const_default('user')
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; must be 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


PermissionDecisionAction: TypeAlias = Literal['allow', 'deny', 'cancel']


PermissionMode: TypeAlias = Literal['auto', 'ask', 'unsafe', 'spec-draft', 'plan', 'member-auto']


PermissionRequestAction: TypeAlias = Literal['prompt']


class PromptInput(EventStruct, kw_only=True, tag_field='type', tag='prompt'):
    """
    A piece of the user's request. All input events' contents are trimmed and joined with blank lines into one prompt.
    """

    type: ClassVar[Literal['prompt']] = 'prompt'

    content: Annotated[
        str,
        Meta(
            description='Prompt text; must contain a non-whitespace character.',
            pattern='\\S',
        ),
    ]
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; must be 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class ReasoningEvent(EventStruct, kw_only=True, tag_field='type', tag='reasoning'):
    """
    A chunk of model reasoning as it streams; also carries reconnect notices. Added after the v2 bump without a version change.
    """

    type: ClassVar[Literal['reasoning']] = 'reasoning'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    delta: (
        Annotated[str, Meta(description='The reasoning chunk; omitted when empty.')]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class RestoreEvent(EventStruct, kw_only=True, tag_field='type', tag='restore'):
    """
    A checkpoint restore was applied. Declared but never emitted by exec.
    """

    type: ClassVar[Literal['restore']] = 'restore'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    checkpoint: (
        Annotated[CheckpointInfo, Meta(description='What was restored.')] | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


RiskLevel: TypeAlias = Literal['low', 'medium', 'high', 'critical']


RunEndStatus: TypeAlias = Literal['success', 'error', 'interrupted', 'incomplete', 'spec_review_required']


class RunStartEvent(EventStruct, kw_only=True, tag_field='type', tag='run_start'):
    """
    First event of a run that got past startup. Carries the workspace root and the resolved model; `--list-tools` runs omit session, provider and model.
    """

    type: ClassVar[Literal['run_start']] = 'run_start'

    cwd: Annotated[
        str, Meta(description='Final workspace root (after `--cwd` and `--worktree`).')
    ]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    api_model: (
        Annotated[str, Meta(description='Model id sent on the wire to the provider.')]
        | UnsetType
    ) = field(name='apiModel', default=UNSET)
    model: (
        Annotated[
            str, Meta(description='Resolved model id (after `--model` and `--mode`).')
        ]
        | UnsetType
    ) = UNSET
    provider: (
        Annotated[
            str,
            Meta(
                description='Resolved provider kind (e.g. `openai`, `anthropic`), or the profile name.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    session_id: (
        Annotated[
            str,
            Meta(
                description='Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).'
            ),
        ]
        | UnsetType
    ) = field(name='sessionId', default=UNSET)


SideEffect: TypeAlias = Literal['read', 'write', 'shell', 'network', 'none', 'local_control', 'local_browser', 'local_desktop', 'local_terminal', 'out_of_workspace']


class TextEvent(EventStruct, kw_only=True, tag_field='type', tag='text'):
    """
    A chunk of assistant text as it streams, from every turn (including commentary before tool calls). The deltas joined are generally not equal to `final.text`.
    """

    type: ClassVar[Literal['text']] = 'text'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    delta: (
        Annotated[
            str,
            Meta(
                description='The text chunk; omitted when the provider sent an empty chunk.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


ToolCallSideEffect: TypeAlias = Literal['read', 'write', 'shell', 'network', 'none', 'unknown']


ToolResultStatus: TypeAlias = Literal['ok', 'error']


class UsageEvent(EventStruct, kw_only=True, tag_field='type', tag='usage'):
    """
    Token counts of one model request (not running totals), sent when that request's stream ends.
    """

    type: ClassVar[Literal['usage']] = 'usage'

    completion_tokens: Annotated[int, Meta(description='Output tokens of the request. At most 2^53-1, so every client holds it exactly.', ge=0, le=9007199254740991)] = field(
        name='completionTokens'
    )
    prompt_tokens: Annotated[int, Meta(description='Input tokens of the request. At most 2^53-1, so every client holds it exactly.', ge=0, le=9007199254740991)] = field(
        name='promptTokens'
    )
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    total_tokens: Annotated[int, Meta(description='Sum of prompt and completion tokens. At most 2^53-1, so every client holds it exactly.', ge=0, le=9007199254740991)] = field(
        name='totalTokens'
    )
    cost_usd: (
        Annotated[
            float,
            Meta(description='Cost in US dollars; declared but never set by exec.'),
        ]
        | UnsetType
    ) = field(name='costUsd', default=UNSET)
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class WarningEvent(EventStruct, kw_only=True, tag_field='type', tag='warning'):
    """
    A non-fatal notice: unsafe mode, a truncated response, or scratch files left behind.
    """

    type: ClassVar[Literal['warning']] = 'warning'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    message: Annotated[str, Meta(description='The warning text.')] | UnsetType = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class CheckpointEvent(EventStruct, kw_only=True, tag_field='type', tag='checkpoint'):
    """
    A file checkpoint captured before a write_file, edit_file or apply_patch call, emitted right after the matching tool_call when a session exists.
    """

    type: ClassVar[Literal['checkpoint']] = 'checkpoint'

    checkpoint: Annotated[CheckpointInfo, Meta(description='What was captured.')]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class Grant(ProtocolStruct, kw_only=True):
    """
    A persistent or session sandbox grant.
    """

    approved_at: Annotated[str, Meta(description='When the grant was approved (RFC 3339 timestamp string).')] = field(
        name='approvedAt'
    )
    decision: Annotated[
        GrantDecision, Meta(description='Whether the grant allows or denies.')
    ]
    tool_name: Annotated[str, Meta(description='Tool the grant covers.')] = field(
        name='toolName'
    )
    reason: Annotated[str, Meta(description='Why it was granted.')] | UnsetType = UNSET
    scope: (
        Annotated[
            str,
            Meta(
                description='Absolute path or host the grant covers; omitted for tool-wide grants.'
            ),
        ]
        | UnsetType
    ) = UNSET
    scope_kind: (
        Annotated[
            GrantScopeKind,
            Meta(description='What `scope` names; omitted for tool-wide grants.'),
        ]
        | UnsetType
    ) = field(name='scopeKind', default=UNSET)
    session: (
        Annotated[
            bool, Meta(description='Present (and true) only for session-scoped grants.')
        ]
        | UnsetType
    ) = UNSET


InputEvent: TypeAlias = Annotated[
    PromptInput | MessageInput, Meta(description='One line of stream-json input.')
]


class Risk(ProtocolStruct, kw_only=True):
    """
    Sandbox risk assessment of a tool call.
    """

    level: Annotated[RiskLevel, Meta(description='Risk level.')]
    categories: (
        Annotated[
            list[str],
            Meta(
                description='Sorted risk categories (e.g. `write`, `network`, `destructive`).'
            ),
        ]
        | UnsetType
    ) = UNSET
    reason: (
        Annotated[str, Meta(description='Why this risk level was chosen.')] | UnsetType
    ) = UNSET


class RunEndEvent(EventStruct, kw_only=True, tag_field='type', tag='run_end'):
    """
    Always the last event of a run.
    """

    type: ClassVar[Literal['run_end']] = 'run_end'

    exit_code: Annotated[int, Meta(description='The process exit code (0, 2, 3, 4, 130). Between -(2^53-1) and 2^53-1, so every client holds it exactly.', ge=-9007199254740991, le=9007199254740991)] = field(
        name='exitCode'
    )
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    status: (
        Annotated[RunEndStatus, Meta(description='How the run ended.')] | UnsetType
    ) = UNSET


class ToolCallEvent(EventStruct, kw_only=True, tag_field='type', tag='tool_call'):
    """
    The model called a tool. Written before the call's permission event and result (except in parallel read batches, where permission events can precede it).
    """

    type: ClassVar[Literal['tool_call']] = 'tool_call'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    side_effect: Annotated[ToolCallSideEffect, Meta(description='Side effect class; local-control, out-of-workspace and unregistered tools map to `unknown`.')] = field(
        name='sideEffect'
    )
    args: (
        Annotated[
            Any,
            Meta(
                description="Tool arguments: the parsed JSON value (usually an object) when the model's argument string is valid JSON, otherwise the raw string; omitted when the argument string is empty."
            ),
        ]
        | UnsetType
    ) = UNSET
    id: (
        Annotated[
            str, Meta(description='Tool call id, echoed by the matching tool_result.')
        ]
        | UnsetType
    ) = UNSET
    name: Annotated[str, Meta(description='Tool name.')] | UnsetType = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class ToolResultEvent(EventStruct, kw_only=True, tag_field='type', tag='tool_result'):
    """
    Result of a tool call. Denials are `error` results; there is no denied status.
    """

    type: ClassVar[Literal['tool_result']] = 'tool_result'

    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    status: Annotated[ToolResultStatus, Meta(description='Whether the tool succeeded.')]
    truncated: Annotated[
        bool,
        Meta(
            description='Whether the output was truncated (by the 10 KiB cut or by the tool itself).'
        ),
    ]
    changed_files: (
        Annotated[list[str], Meta(description='Files the tool changed.')] | UnsetType
    ) = field(name='changedFiles', default=UNSET)
    display: (
        Annotated[Display, Meta(description='Human-facing summary of the result.')]
        | UnsetType
    ) = UNSET
    id: (
        Annotated[str, Meta(description='Id of the tool call this result belongs to.')]
        | UnsetType
    ) = UNSET
    meta: (
        Annotated[
            dict[str, str],
            Meta(
                description='Tool metadata, string to string (e.g. `raw_bytes`, `permission_action`).'
            ),
        ]
        | UnsetType
    ) = UNSET
    name: Annotated[str, Meta(description='Tool name.')] | UnsetType = UNSET
    output: (
        Annotated[
            str,
            Meta(
                description='Model-facing output, cut to 10 KiB with a `\\n[truncated]` marker; omitted when empty.'
            ),
        ]
        | UnsetType
    ) = UNSET
    redacted: (
        Annotated[
            bool,
            Meta(
                description='Present (and true) only when the tool-boundary redactor changed something.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )


class Block(ProtocolStruct, kw_only=True):
    """
    Why the sandbox blocked or held back a call (renamed from Violation in v2).
    """

    action: Annotated[
        BlockAction,
        Meta(
            description='`deny` for hard blocks, `prompt` for promptable path checks.'
        ),
    ]
    code: Annotated[BlockCode, Meta(description='Block code.')]
    reason: Annotated[
        str, Meta(description='Explanation; always present, may be empty.')
    ]
    recoverable: Annotated[
        bool, Meta(description='Whether approval or a grant could lift it.')
    ]
    risk: Annotated[Risk, Meta(description='Risk assessment attached to the block.')]
    path: (
        Annotated[str, Meta(description='Offending path, for path checks.')] | UnsetType
    ) = UNSET
    tool_name: (
        Annotated[str, Meta(description='Tool that was blocked.')] | UnsetType
    ) = field(name='toolName', default=UNSET)


class PermissionDecisionEvent(EventStruct, kw_only=True, tag_field='type', tag='permission_decision'):
    """
    The sandbox allowed or denied a call, or the request was cancelled.
    """

    type: ClassVar[Literal['permission_decision']] = 'permission_decision'

    permission_granted: Annotated[bool, Meta(description='Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.')] = field(
        name='permissionGranted'
    )
    risk: Annotated[Risk, Meta(description='Risk assessment of the call.')]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    action: (
        Annotated[
            PermissionDecisionAction, Meta(description='Sandbox action that was taken.')
        ]
        | UnsetType
    ) = UNSET
    autonomy: (
        Annotated[
            Autonomy,
            Meta(
                description='The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).'
            ),
        ]
        | UnsetType
    ) = UNSET
    block: (
        Annotated[
            Block,
            Meta(
                description='The sandbox block behind a deny or a promptable path check.'
            ),
        ]
        | UnsetType
    ) = UNSET
    decision_reason: (
        Annotated[
            str,
            Meta(description='Reason from the approval flow; usually omitted in exec.'),
        ]
        | UnsetType
    ) = field(name='decisionReason', default=UNSET)
    grant: (
        Annotated[Grant, Meta(description='The grant that matched, when one did.')]
        | UnsetType
    ) = UNSET
    grant_matched: (
        Annotated[
            bool,
            Meta(
                description='Present (and true) only when a persistent or session grant matched.'
            ),
        ]
        | UnsetType
    ) = field(name='grantMatched', default=UNSET)
    id: (
        Annotated[
            str,
            Meta(description='Id of the tool call this permission event belongs to.'),
        ]
        | UnsetType
    ) = UNSET
    name: Annotated[str, Meta(description='Tool name.')] | UnsetType = UNSET
    permission: (
        Annotated[BlockAction, Meta(description="The tool's static permission.")]
        | UnsetType
    ) = UNSET
    permission_mode: (
        Annotated[PermissionMode, Meta(description="The run's permission mode.")]
        | UnsetType
    ) = field(name='permissionMode', default=UNSET)
    reason: (
        Annotated[
            str,
            Meta(
                description='Why the sandbox decided this way; empty reasons are omitted.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    session_id: (
        Annotated[
            str,
            Meta(
                description='Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).'
            ),
        ]
        | UnsetType
    ) = field(name='sessionId', default=UNSET)
    side_effect: (
        Annotated[
            SideEffect,
            Meta(
                description="The tool's raw side effect (not the reduced tool_call set)."
            ),
        ]
        | UnsetType
    ) = field(name='sideEffect', default=UNSET)


class PermissionEvent(EventStruct, kw_only=True, tag_field='type', tag='permission'):
    """
    Permission event whose action is none of the mapped ones. Declared but never emitted by exec: every decision maps to a request or decision event.
    """

    type: ClassVar[Literal['permission']] = 'permission'

    permission_granted: Annotated[bool, Meta(description='Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.')] = field(
        name='permissionGranted'
    )
    risk: Annotated[Risk, Meta(description='Risk assessment of the call.')]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    action: (
        Annotated[
            str,
            Meta(
                description='Sandbox action that is not mapped to a request or decision event.'
            ),
        ]
        | UnsetType
    ) = UNSET
    autonomy: (
        Annotated[
            Autonomy,
            Meta(
                description='The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).'
            ),
        ]
        | UnsetType
    ) = UNSET
    block: (
        Annotated[
            Block,
            Meta(
                description='The sandbox block behind a deny or a promptable path check.'
            ),
        ]
        | UnsetType
    ) = UNSET
    decision_reason: (
        Annotated[
            str,
            Meta(description='Reason from the approval flow; usually omitted in exec.'),
        ]
        | UnsetType
    ) = field(name='decisionReason', default=UNSET)
    grant: (
        Annotated[Grant, Meta(description='The grant that matched, when one did.')]
        | UnsetType
    ) = UNSET
    grant_matched: (
        Annotated[
            bool,
            Meta(
                description='Present (and true) only when a persistent or session grant matched.'
            ),
        ]
        | UnsetType
    ) = field(name='grantMatched', default=UNSET)
    id: (
        Annotated[
            str,
            Meta(description='Id of the tool call this permission event belongs to.'),
        ]
        | UnsetType
    ) = UNSET
    name: Annotated[str, Meta(description='Tool name.')] | UnsetType = UNSET
    permission: (
        Annotated[BlockAction, Meta(description="The tool's static permission.")]
        | UnsetType
    ) = UNSET
    permission_mode: (
        Annotated[PermissionMode, Meta(description="The run's permission mode.")]
        | UnsetType
    ) = field(name='permissionMode', default=UNSET)
    reason: (
        Annotated[
            str,
            Meta(
                description='Why the sandbox decided this way; empty reasons are omitted.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    session_id: (
        Annotated[
            str,
            Meta(
                description='Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).'
            ),
        ]
        | UnsetType
    ) = field(name='sessionId', default=UNSET)
    side_effect: (
        Annotated[
            SideEffect,
            Meta(
                description="The tool's raw side effect (not the reduced tool_call set)."
            ),
        ]
        | UnsetType
    ) = field(name='sideEffect', default=UNSET)


class PermissionRequestEvent(EventStruct, kw_only=True, tag_field='type', tag='permission_request'):
    """
    A prompt-gated call needed approval. Headless exec has no responder, so the call is refused and an error tool_result follows.
    """

    type: ClassVar[Literal['permission_request']] = 'permission_request'

    permission_granted: Annotated[bool, Meta(description='Whether the call was authorized up front (unsafe mode, static allow, or a grant). False for sandbox auto-allows and headless prompts.')] = field(
        name='permissionGranted'
    )
    risk: Annotated[Risk, Meta(description='Risk assessment of the call.')]
    run_id: Annotated[str, Meta(description='Identifier of the run; the same on every event of one run. The binary generates `run_<YYYYMMDDHHMMSS UTC>_<6 hex>`, but only this format check is guaranteed.')] = field(
        name='runId'
    )
    action: (
        Annotated[
            PermissionRequestAction,
            Meta(description='Sandbox action; always `prompt` for this event.'),
        ]
        | UnsetType
    ) = UNSET
    autonomy: (
        Annotated[
            Autonomy,
            Meta(
                description='The `--auto` value exec was given (default `low`; `member` is accepted but undocumented).'
            ),
        ]
        | UnsetType
    ) = UNSET
    block: (
        Annotated[
            Block,
            Meta(
                description='The sandbox block behind a deny or a promptable path check.'
            ),
        ]
        | UnsetType
    ) = UNSET
    decision_reason: (
        Annotated[
            str,
            Meta(description='Reason from the approval flow; usually omitted in exec.'),
        ]
        | UnsetType
    ) = field(name='decisionReason', default=UNSET)
    grant: (
        Annotated[Grant, Meta(description='The grant that matched, when one did.')]
        | UnsetType
    ) = UNSET
    grant_matched: (
        Annotated[
            bool,
            Meta(
                description='Present (and true) only when a persistent or session grant matched.'
            ),
        ]
        | UnsetType
    ) = field(name='grantMatched', default=UNSET)
    id: (
        Annotated[
            str,
            Meta(description='Id of the tool call this permission event belongs to.'),
        ]
        | UnsetType
    ) = UNSET
    name: Annotated[str, Meta(description='Tool name.')] | UnsetType = UNSET
    permission: (
        Annotated[BlockAction, Meta(description="The tool's static permission.")]
        | UnsetType
    ) = UNSET
    permission_mode: (
        Annotated[PermissionMode, Meta(description="The run's permission mode.")]
        | UnsetType
    ) = field(name='permissionMode', default=UNSET)
    reason: (
        Annotated[
            str,
            Meta(
                description='Why the sandbox decided this way; empty reasons are omitted.'
            ),
        ]
        | UnsetType
    ) = UNSET
    schema_version: Annotated[Literal[2], Meta(description='Protocol schema version; always 2.')] = field(
        name='schemaVersion', default=const_default(2)
    )
    session_id: (
        Annotated[
            str,
            Meta(
                description='Zero session id (`zero_<14 digits>_<unixnano>_<n>` when generated).'
            ),
        ]
        | UnsetType
    ) = field(name='sessionId', default=UNSET)
    side_effect: (
        Annotated[
            SideEffect,
            Meta(
                description="The tool's raw side effect (not the reduced tool_call set)."
            ),
        ]
        | UnsetType
    ) = field(name='sideEffect', default=UNSET)


OutputEvent: TypeAlias = Annotated[
    RunStartEvent | TextEvent | ReasoningEvent | ToolCallEvent | CheckpointEvent | PermissionEvent | PermissionRequestEvent | PermissionDecisionEvent | ToolResultEvent | RestoreEvent | UsageEvent | FinalEvent | WarningEvent | ErrorEvent | RunEndEvent,
    Meta(description='One line of stream-json output.'),
]
