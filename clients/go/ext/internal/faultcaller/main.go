// Command faultcaller is the Go caller of the extension fault matrix
// (tests/extension_fault_matrix.py): a program as a user writes it, a zero.Client with a tool and
// a hook that misbehave the way its argument (the case) says, run once under
// signal.NotifyContext (Ctrl-C cancels the run). It prints one JSON line, what the user saw.
// Its environment is the run's: ZERO_FAULT_BIN the binary, ZERO_FAULT_WS the workspace,
// ZERO_FAULT_MARKS a file where the tool and hook note "started" and "cancelled",
// ZERO_FAULT_TOTAL the total timeout in seconds, and the model's OPENAI_* variables.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/zero-sdk/zero-sdk/clients/go/ext"
	"github.com/zero-sdk/zero-sdk/clients/go/zero"
)

type none struct{}

func mark(what string) {
	f, err := os.OpenFile(os.Getenv("ZERO_FAULT_MARKS"), os.O_APPEND|os.O_WRONLY, 0o600)
	if err == nil {
		fmt.Fprintln(f, what)
		f.Close()
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: faultcaller CASE")
		os.Exit(2)
	}
	tools := []ext.Tool{
		ext.NewTool("fail", "Fails.", func(ctx context.Context, _ none) (string, error) {
			return "", errors.New("exploded on purpose")
		}),
		ext.NewTool("panic", "Panics.", func(ctx context.Context, _ none) (string, error) {
			panic("exploded on purpose")
		}),
		ext.NewTool("hang", "Never returns, and ignores its ctx.", func(ctx context.Context, _ none) (string, error) {
			mark("started")
			time.Sleep(600 * time.Second)
			return "never", nil
		}),
		ext.NewTool("wait", "Waits until the run ends.", func(ctx context.Context, _ none) (string, error) {
			mark("started")
			<-ctx.Done()
			mark("cancelled")
			return "", ctx.Err()
		}),
	}
	var hooks *ext.Hooks
	switch os.Args[1] {
	case "hook_fails":
		hooks = &ext.Hooks{BeforeTool: func(ctx context.Context, call ext.ToolUse) (ext.Decision, error) {
			return ext.Allow(), errors.New("policy store unreachable")
		}}
	case "hook_hangs_timeout":
		hooks = &ext.Hooks{BeforeTool: func(ctx context.Context, call ext.ToolUse) (ext.Decision, error) {
			mark("started")
			time.Sleep(600 * time.Second)
			return ext.Allow(), nil
		}}
	}
	total, _ := strconv.ParseFloat(os.Getenv("ZERO_FAULT_TOTAL"), 64)
	client := &zero.Client{
		Command:   []string{os.Getenv("ZERO_FAULT_BIN")},
		Dir:       os.Getenv("ZERO_FAULT_WS"),
		Timeouts:  zero.Timeouts{Total: time.Duration(total * float64(time.Second)), Grace: 2 * time.Second},
		Extension: &ext.Extensions{Tools: tools, Hooks: hooks},
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	result, err := client.Run(ctx, "go")
	seen := map[string]any{"outcome": "success", "status": nil, "tool": nil, "hook_errors": 0}
	var timeout *zero.TimeoutError
	var interrupted *zero.InterruptedError
	var crashed *zero.ProcessError
	switch {
	case err == nil:
	case errors.As(err, &timeout):
		seen["outcome"] = "timeout"
	case errors.As(err, &interrupted):
		seen["outcome"] = "interrupted"
	case errors.As(err, &crashed) && crashed.Signal != 0:
		seen["outcome"] = fmt.Sprintf("process(signal=%d)", int(crashed.Signal))
	case errors.As(err, &crashed):
		seen["outcome"] = fmt.Sprintf("process(exit=%d)", crashed.ExitCode())
	default:
		seen["outcome"] = fmt.Sprintf("%T", err)
	}
	if result != nil {
		if result.Status != "" {
			seen["status"] = result.Status
		}
		if len(result.ToolCalls) > 0 && result.ToolCalls[0].Status != "" {
			seen["tool"] = result.ToolCalls[0].Status
		}
		seen["hook_errors"] = len(result.HookErrors)
	}
	line, _ := json.Marshal(seen)
	fmt.Println(string(line))
}
