// GENERATED FILE - DO NOT EDIT.
// Generated from schema/tracing.json by `zero-sdk generate --lang tracing`.
// Edit the mapping and rerun that command instead of editing this file.

package zerootel

import "github.com/zero-sdk/zero-sdk/clients/go/protocol"

// The names and values the tracer sets.
const (
	tracerName              = "zero-sdk"
	schemaURL               = "https://opentelemetry.io/schemas/1.41.0"
	semconvOptInEnv         = "OTEL_SEMCONV_STABILITY_OPT_IN"
	semconvLatestValue      = "gen_ai_latest_experimental"
	serverAddressAttribute  = "server.address"
	serverPortAttribute     = "server.port"
	contentCaptureEnv       = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
	traceparentEnv          = "TRACEPARENT"
	tracestateEnv           = "TRACESTATE"
	runSpanName             = "invoke_agent zero"
	runSpanKind             = "client"
	toolSpanName            = "execute_tool {gen_ai.tool.name}"
	toolSpanNameWithoutTool = "execute_tool"
	toolSpanKind            = "internal"
	batchSpanName           = "invoke_workflow zero-sdk batch"
	batchSpanKind           = "internal"
	chatSpanName            = "chat {gen_ai.request.model}"
	chatSpanNameNoModel     = "chat"
	chatSpanKind            = "client"
	chatSpanEndEvent        = "usage"
	schemaVersionAttribute  = "zero.schema_version"
	clientErrorAttribute    = "zero.client.error"
	runErrorFallback        = "_OTHER"
	toolErrorFailed         = "tool_error"
	toolErrorNoResult       = "no_result"
)

var contentCaptureValues = []string{"true", "span_only", "span_and_event"}

var runSpanAttributes = map[string]string{
	"gen_ai.operation.name": "invoke_agent",
	"gen_ai.agent.name":     "zero",
}

var toolSpanAttributes = map[string]string{
	"gen_ai.operation.name": "execute_tool",
	"gen_ai.tool.type":      "function",
}

var batchSpanAttributes = map[string]string{
	"gen_ai.operation.name":   "invoke_workflow",
	"gen_ai.workflow.name":    "zero-sdk batch",
	"openinference.span.kind": "CHAIN",
}

// chatSpanAttributes holds the fixed attributes of each model request's span.
var chatSpanAttributes = map[string]any{
	"gen_ai.operation.name": "chat",
	"gen_ai.request.stream": true,
}

// chatSpanStartEvents holds the events after which a model request can start.
var chatSpanStartEvents = []string{"run_start", "usage", "tool_result"}

// chatSpanFromRun holds the run attributes each model request's span repeats.
var chatSpanFromRun = []string{"gen_ai.provider.name", "gen_ai.system", "gen_ai.request.model", "gen_ai.response.model", "gen_ai.conversation.id", "server.address", "server.port"}

// chatSpanFailedOn holds the client error kinds that end a run with a failed model request.
var chatSpanFailedOn = []string{"provider"}

var runErrorClientSide = map[string]string{
	"timeout":   "timeout",
	"protocol":  "protocol_error",
	"not_found": "zero_not_found",
	"version":   "unsupported_schema_version",
}

var runErrorWithoutEvent = map[string]string{
	"interrupted": "interrupted",
	"process":     "process_exit",
	"usage":       "usage_error",
	"crash":       "crash",
	"provider":    "provider_error",
	"incomplete":  "incomplete",
}

var toolErrorByAction = map[string]string{
	"deny":   "permission_denied",
	"prompt": "approval_required",
	"cancel": "permission_cancelled",
}

// valueTables holds the value tables the rules name.
var valueTables = map[string]map[string]string{
	"providerNames": map[string]string{
		"openai":               "openai",
		"openai-compatible":    "openai",
		"anthropic":            "anthropic",
		"anthropic-compatible": "anthropic",
		"google":               "gcp.gemini",
		"gemini":               "gcp.gemini",
		"vertex":               "gcp.vertex_ai",
		"bedrock":              "aws.bedrock",
		"azure":                "azure.ai.openai",
		"azure-openai":         "azure.ai.openai",
		"deepseek":             "deepseek",
		"groq":                 "groq",
		"mistral":              "mistral_ai",
		"xai":                  "x_ai",
		"perplexity":           "perplexity",
		"cohere":               "cohere",
	},
	"finishReasons": map[string]string{
		"success": "stop",
	},
}

// serverBaseURLEnv holds the base URL variables Zero reads per provider kind.
var serverBaseURLEnv = map[string][]string{
	"openai":               {"OPENAI_BASE_URL"},
	"openai-compatible":    {"OPENAI_BASE_URL"},
	"anthropic":            {"ANTHROPIC_BASE_URL"},
	"anthropic-compatible": {"ANTHROPIC_BASE_URL"},
	"google":               {"GEMINI_BASE_URL", "GOOGLE_BASE_URL"},
}

var serverDefaultBaseURL = map[string]string{
	"openai":    "https://api.openai.com/v1",
	"anthropic": "https://api.anthropic.com",
	"google":    "https://generativelanguage.googleapis.com",
}

// runID reads runId, which every event has.
func runID(ev protocol.OutputEvent) (any, bool) {
	switch e := ev.(type) {
	case *protocol.RunStartEvent:
		return e.RunID, true
	case *protocol.TextEvent:
		return e.RunID, true
	case *protocol.ReasoningEvent:
		return e.RunID, true
	case *protocol.ToolCallEvent:
		return e.RunID, true
	case *protocol.CheckpointEvent:
		return e.RunID, true
	case *protocol.PermissionEvent:
		return e.RunID, true
	case *protocol.PermissionRequestEvent:
		return e.RunID, true
	case *protocol.PermissionDecisionEvent:
		return e.RunID, true
	case *protocol.ToolResultEvent:
		return e.RunID, true
	case *protocol.RestoreEvent:
		return e.RunID, true
	case *protocol.UsageEvent:
		return e.RunID, true
	case *protocol.FinalEvent:
		return e.RunID, true
	case *protocol.WarningEvent:
		return e.RunID, true
	case *protocol.ErrorEvent:
		return e.RunID, true
	case *protocol.RunEndEvent:
		return e.RunID, true
	}
	return nil, false
}

// rules holds the rules by event type ("*": every event).
var rules = map[string][]rule{
	"*": {
		{span: "run", attribute: "zero.run.id", op: "first", content: "", get: runID},
	},
	"run_start": {
		{span: "run", attribute: "gen_ai.provider.name", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.Provider == nil {
				return nil, false
			}
			v := *e.Provider
			if mapped, found := valueTables["providerNames"][v]; found {
				v = mapped
			}
			return v, true
		}},
		{span: "run", attribute: "gen_ai.system", op: "set", content: "", legacy: true, get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.Provider == nil {
				return nil, false
			}
			v := *e.Provider
			if mapped, found := valueTables["providerNames"][v]; found {
				v = mapped
			}
			return v, true
		}},
		{span: "run", attribute: "zero.provider", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.Provider == nil {
				return nil, false
			}
			return *e.Provider, true
		}},
		{span: "run", attribute: "gen_ai.request.model", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.Model == nil {
				return nil, false
			}
			return *e.Model, true
		}},
		{span: "run", attribute: "gen_ai.response.model", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.APIModel == nil {
				return nil, false
			}
			return *e.APIModel, true
		}},
		{span: "run", attribute: "gen_ai.conversation.id", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunStartEvent)
			if !ok || e.SessionID == nil {
				return nil, false
			}
			return *e.SessionID, true
		}},
	},
	"permission_request": {
		{span: "run", attribute: "gen_ai.conversation.id", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.SessionID == nil {
				return nil, false
			}
			return *e.SessionID, true
		}},
		{span: "tool", attribute: "gen_ai.tool.name", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.Name == nil {
				return nil, false
			}
			return *e.Name, true
		}},
		{span: "tool", attribute: "zero.permission.action", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.Action == nil {
				return nil, false
			}
			return string(*e.Action), true
		}},
		{span: "tool", attribute: "zero.permission.granted", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok {
				return nil, false
			}
			return e.PermissionGranted, true
		}},
		{span: "tool", attribute: "zero.permission.mode", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.PermissionMode == nil {
				return nil, false
			}
			return string(*e.PermissionMode), true
		}},
		{span: "tool", attribute: "zero.permission.risk_level", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok {
				return nil, false
			}
			return string(e.Risk.Level), true
		}},
		{span: "tool", attribute: "zero.permission.block_code", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.Block == nil {
				return nil, false
			}
			return string(e.Block.Code), true
		}},
		{span: "tool", attribute: "zero.permission.reason", op: "set", content: "text", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionRequestEvent)
			if !ok || e.Reason == nil {
				return nil, false
			}
			return *e.Reason, true
		}},
	},
	"permission_decision": {
		{span: "run", attribute: "gen_ai.conversation.id", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.SessionID == nil {
				return nil, false
			}
			return *e.SessionID, true
		}},
		{span: "tool", attribute: "gen_ai.tool.name", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.Name == nil {
				return nil, false
			}
			return *e.Name, true
		}},
		{span: "tool", attribute: "zero.permission.action", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.Action == nil {
				return nil, false
			}
			return string(*e.Action), true
		}},
		{span: "tool", attribute: "zero.permission.granted", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok {
				return nil, false
			}
			return e.PermissionGranted, true
		}},
		{span: "tool", attribute: "zero.permission.mode", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.PermissionMode == nil {
				return nil, false
			}
			return string(*e.PermissionMode), true
		}},
		{span: "tool", attribute: "zero.permission.risk_level", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok {
				return nil, false
			}
			return string(e.Risk.Level), true
		}},
		{span: "tool", attribute: "zero.permission.block_code", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.Block == nil {
				return nil, false
			}
			return string(e.Block.Code), true
		}},
		{span: "tool", attribute: "zero.permission.reason", op: "set", content: "text", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionDecisionEvent)
			if !ok || e.Reason == nil {
				return nil, false
			}
			return *e.Reason, true
		}},
	},
	"permission": {
		{span: "run", attribute: "gen_ai.conversation.id", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.SessionID == nil {
				return nil, false
			}
			return *e.SessionID, true
		}},
		{span: "tool", attribute: "gen_ai.tool.name", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.Name == nil {
				return nil, false
			}
			return *e.Name, true
		}},
		{span: "tool", attribute: "zero.permission.action", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.Action == nil {
				return nil, false
			}
			return *e.Action, true
		}},
		{span: "tool", attribute: "zero.permission.granted", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok {
				return nil, false
			}
			return e.PermissionGranted, true
		}},
		{span: "tool", attribute: "zero.permission.mode", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.PermissionMode == nil {
				return nil, false
			}
			return string(*e.PermissionMode), true
		}},
		{span: "tool", attribute: "zero.permission.risk_level", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok {
				return nil, false
			}
			return string(e.Risk.Level), true
		}},
		{span: "tool", attribute: "zero.permission.block_code", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.Block == nil {
				return nil, false
			}
			return string(e.Block.Code), true
		}},
		{span: "tool", attribute: "zero.permission.reason", op: "set", content: "text", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.PermissionEvent)
			if !ok || e.Reason == nil {
				return nil, false
			}
			return *e.Reason, true
		}},
	},
	"usage": {
		{span: "run", attribute: "gen_ai.usage.input_tokens", op: "sum", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.UsageEvent)
			if !ok {
				return nil, false
			}
			return e.PromptTokens, true
		}},
		{span: "run", attribute: "gen_ai.usage.output_tokens", op: "sum", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.UsageEvent)
			if !ok {
				return nil, false
			}
			return e.CompletionTokens, true
		}},
		{span: "run", attribute: "zero.usage.requests", op: "count", content: "", get: nil},
		{span: "chat", attribute: "gen_ai.usage.input_tokens", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.UsageEvent)
			if !ok {
				return nil, false
			}
			return e.PromptTokens, true
		}},
		{span: "chat", attribute: "gen_ai.usage.output_tokens", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.UsageEvent)
			if !ok {
				return nil, false
			}
			return e.CompletionTokens, true
		}},
	},
	"run_end": {
		{span: "run", attribute: "zero.run.status", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunEndEvent)
			if !ok || e.Status == nil {
				return nil, false
			}
			return string(*e.Status), true
		}},
		{span: "run", attribute: "zero.run.exit_code", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunEndEvent)
			if !ok {
				return nil, false
			}
			return e.ExitCode, true
		}},
		{span: "run", attribute: "gen_ai.response.finish_reasons", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.RunEndEvent)
			if !ok || e.Status == nil {
				return nil, false
			}
			v := string(*e.Status)
			if mapped, found := valueTables["finishReasons"][v]; found {
				v = mapped
			} else {
				return nil, false
			}
			return []string{v}, true
		}},
	},
	"final": {
		{span: "run", attribute: "gen_ai.output.messages", op: "set", content: "output_messages", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.FinalEvent)
			if !ok || e.Text == nil {
				return nil, false
			}
			return *e.Text, true
		}},
	},
	"tool_call": {
		{span: "tool", attribute: "gen_ai.tool.name", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolCallEvent)
			if !ok || e.Name == nil {
				return nil, false
			}
			return *e.Name, true
		}},
		{span: "tool", attribute: "gen_ai.tool.call.id", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolCallEvent)
			if !ok || e.ID == nil {
				return nil, false
			}
			return *e.ID, true
		}},
		{span: "tool", attribute: "zero.tool.side_effect", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolCallEvent)
			if !ok {
				return nil, false
			}
			return string(e.SideEffect), true
		}},
		{span: "tool", attribute: "gen_ai.tool.call.arguments", op: "set", content: "json", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolCallEvent)
			if !ok || e.Args == nil {
				return nil, false
			}
			return string(e.Args), true
		}},
	},
	"tool_result": {
		{span: "tool", attribute: "gen_ai.tool.name", op: "first", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolResultEvent)
			if !ok || e.Name == nil {
				return nil, false
			}
			return *e.Name, true
		}},
		{span: "tool", attribute: "zero.tool.status", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolResultEvent)
			if !ok {
				return nil, false
			}
			return string(e.Status), true
		}},
		{span: "tool", attribute: "zero.tool.truncated", op: "set", content: "", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolResultEvent)
			if !ok {
				return nil, false
			}
			return e.Truncated, true
		}},
		{span: "tool", attribute: "gen_ai.tool.call.result", op: "set", content: "text", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ToolResultEvent)
			if !ok || e.Output == nil || string(e.Status) != "ok" {
				return nil, false
			}
			return *e.Output, true
		}},
	},
}

// spanEvents holds the events recorded as span events of the run span.
var spanEvents = map[string]spanEvent{
	"warning": {name: "zero.warning", attributes: []spanEventAttribute{
		{attribute: "zero.warning.message", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.WarningEvent)
			if !ok || e.Message == nil {
				return nil, false
			}
			return *e.Message, true
		}},
	}},
	"error": {name: "zero.error", attributes: []spanEventAttribute{
		{attribute: "error.type", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ErrorEvent)
			if !ok || e.Code == nil {
				return nil, false
			}
			return string(*e.Code), true
		}},
		{attribute: "zero.error.message", get: func(ev protocol.OutputEvent) (any, bool) {
			e, ok := ev.(*protocol.ErrorEvent)
			if !ok || e.Message == nil {
				return nil, false
			}
			return *e.Message, true
		}},
	}},
}
