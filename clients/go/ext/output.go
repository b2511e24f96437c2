package ext

// Typed results: Extensions.OutputType (a struct type) makes every run give RunResult.Output, a
// validated *T; Run[T] and OutputAs[T] return it typed. The same design as the Python client
// (zero_client/structured.py):
//
//   - The run gets one more SDK tool, final_result (the model sees mcp_sdk_final_result), whose
//     input schema is T's (inferred by github.com/google/jsonschema-go, as NewTool's are); the
//     prompt tells the model to call it, and how to load it with tool_search when Zero defers it;
//     its description carries the whole schema (Zero keeps a simplified one for MCP parameters).
//   - An invalid object gets the model an error result listing what is wrong, and another turn;
//     after OutputTries (default 3) invalid objects the tool refuses more. A run without a valid
//     object fails with *zero.StructuredOutputError carrying the last attempt (also result.Err).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

// OutputTool is the output tool's name (the model sees mcp_<server>_final_result).
const OutputTool = "final_result"

// DefaultOutputTries is how many invalid objects a run takes when OutputTries is 0.
const DefaultOutputTries = 3

// Run runs inputs on client asking for a T (a struct type): it returns the validated value, the
// result and the run's error (a *zero.StructuredOutputError when the model gave no valid T).
// client's Extension, if any, must be an *Extensions (its tools, hooks and instructions are kept).
func Run[T any](ctx context.Context, client *zero.Client, inputs ...zero.Input) (*T, *zero.RunResult, error) {
	extensions := &Extensions{}
	if client.Extension != nil {
		given, ok := client.Extension.(*Extensions)
		if !ok {
			return nil, nil, fmt.Errorf("zero ext: Run needs client.Extension to be an *ext.Extensions, not %T", client.Extension)
		}
		copied := *given
		extensions = &copied
	}
	extensions.OutputType = reflect.TypeFor[T]()
	turn := *client
	turn.Extension = extensions
	result, err := turn.Run(ctx, inputs...)
	value, _ := OutputAs[T](result)
	return value, result, err
}

// OutputAs is result.Output as a *T (false when the run had none, or of another type).
func OutputAs[T any](result *zero.RunResult) (*T, bool) {
	if result == nil {
		return nil, false
	}
	value, ok := result.Output.(*T)
	return value, ok
}

// outputCapture is one run's output tool: what it was called with, and the first valid object.
type outputCapture struct {
	outputType reflect.Type
	schema     *jsonschema.Schema
	resolved   *jsonschema.Resolved
	schemaText string
	server     string
	tries      int

	mu          sync.Mutex
	attempts    int
	value       any
	lastAttempt map[string]any
	lastErrors  []string
}

func newOutputCapture(outputType reflect.Type, tries int, server string) (*outputCapture, error) {
	if outputType.Kind() == reflect.Pointer {
		outputType = outputType.Elem()
	}
	if outputType.Kind() != reflect.Struct {
		return nil, fmt.Errorf("zero ext: OutputType %v is not a struct type", outputType)
	}
	if tries == 0 {
		tries = DefaultOutputTries
	}
	if tries < 1 {
		return nil, fmt.Errorf("zero ext: OutputTries must be at least 1, got %d", tries)
	}
	schema, err := jsonschema.ForType(outputType, &jsonschema.ForOptions{})
	if err != nil {
		return nil, fmt.Errorf("zero ext: OutputType %v has no JSON Schema: %w", outputType, err)
	}
	resolved, err := schema.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("zero ext: OutputType %v: %w", outputType, err)
	}
	text, err := json.MarshalIndent(schema, "", " ")
	if err != nil {
		return nil, err
	}
	return &outputCapture{outputType: outputType, schema: schema, resolved: resolved, schemaText: string(text), server: server, tries: tries}, nil
}

func (c *outputCapture) toolName() string { return "mcp_" + c.server + "_" + OutputTool }

func (c *outputCapture) tool() Tool {
	description := "Gives your final answer as a structured object: call this once your work is done. " +
		"The arguments must match this JSON Schema:\n" + c.schemaText
	return Tool{Name: OutputTool, register: func(server *mcp.Server, _ context.Context) {
		server.AddTool(&mcp.Tool{Name: OutputTool, Description: description, InputSchema: c.schema},
			func(_ context.Context, request *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				text, failed := c.receive(request.Params.Arguments)
				if failed {
					return errorResult(text), nil
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
			})
	}}
}

// receive is the tool's handler: the text the model gets, and whether it is an error.
func (c *outputCapture) receive(arguments json.RawMessage) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.value != nil {
		return "Your answer was already recorded. End your turn now.", false
	}
	if c.attempts >= c.tries {
		return fmt.Sprintf("AnswerRefused: No tries left: %d invalid answers were given. Stop and end your turn.", c.tries), true
	}
	c.attempts++
	var instance map[string]any
	if len(bytes.TrimSpace(arguments)) == 0 {
		arguments = json.RawMessage("{}")
	}
	err := json.Unmarshal(arguments, &instance)
	if err == nil {
		err = c.resolved.Validate(instance)
	}
	value := reflect.New(c.outputType)
	if err == nil {
		decoder := json.NewDecoder(bytes.NewReader(arguments))
		decoder.DisallowUnknownFields()
		err = decoder.Decode(value.Interface())
	}
	if err != nil {
		c.lastAttempt = instance
		c.lastErrors = []string{err.Error()}
		left := c.tries - c.attempts
		more := "No tries are left: end your turn."
		if left == 1 {
			more = fmt.Sprintf("Fix them and call %s again (1 try left).", OutputTool)
		} else if left > 1 {
			more = fmt.Sprintf("Fix them and call %s again (%d tries left).", OutputTool, left)
		}
		return fmt.Sprintf("InvalidAnswer: The answer does not match the schema:\n- %s\n%s", err.Error(), more), true
	}
	c.value = value.Interface()
	return "Answer recorded. End your turn now, without calling more tools.", false
}

// outputRun is the extension of a run that asks for a typed result (zero.OutputRun).
type outputRun struct {
	*extensionRun
	capture *outputCapture
}

// PromptSuffix names the output tool and how to load it when Zero defers it.
func (r *outputRun) PromptSuffix() string {
	name := r.capture.toolName()
	return "\n\nWhen you have your final answer, give it by calling the tool `" + name + "` with the answer " +
		"as its arguments (they must match the JSON Schema in its description). Call it once, " +
		"after your work is done; if it reports validation errors, fix them and call it again. " +
		"If `" + name + "` is not in your tool list, load it first with `tool_search` and the query " +
		"`select:" + name + "`."
}

// Output is the validated value, or the error of a run without one.
func (r *outputRun) Output(result *zero.RunResult) (any, error) {
	c := r.capture
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.value != nil {
		return c.value, nil
	}
	message := "the run ended without an answer: the model never called " + OutputTool
	if c.attempts > 0 {
		plural := "attempts"
		if c.attempts == 1 {
			plural = "attempt"
		}
		message = fmt.Sprintf("the run ended without a valid answer: %d invalid %s, the last: %s", c.attempts, plural, strings.Join(c.lastErrors, "; "))
	}
	return nil, zero.NewStructuredOutputError(message, result, c.lastAttempt, append([]string(nil), c.lastErrors...), c.attempts)
}
