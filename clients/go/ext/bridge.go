package ext

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
)

// bridgeMarker is the first argument with which Zero re-runs this executable as the bridge
// (the same wire protocol as zero_client/_bridge.py):
//
//	PROGRAM __zero_sdk_bridge__ mcp  SOCKET TOKEN   an MCP stdio server relayed to the socket
//	PROGRAM __zero_sdk_bridge__ hook SOCKET TOKEN   a hook: sends stdin, exits with the verdict
//
// A hook that cannot reach the SDK exits 1, which blocks a beforeTool call (fail closed).
const bridgeMarker = "__zero_sdk_bridge__"

const hookExitBlock = 2

func init() {
	if len(os.Args) >= 2 && os.Args[1] == bridgeMarker {
		os.Exit(runBridge(os.Args[2:]))
	}
}

func runBridge(args []string) int {
	if len(args) != 3 || (args[0] != "mcp" && args[0] != "hook") {
		fmt.Fprintln(os.Stderr, errUsage)
		return 2
	}
	kind, socketPath, token := args[0], args[1], args[2]
	conn, err := net.Dial("unix", socketPath)
	if err != nil {
		fmt.Fprintf(os.Stderr, "zero-sdk hook bridge: cannot reach the SDK process: %v\n", err)
		return 1
	}
	defer conn.Close()
	head, _ := json.Marshal(header{Token: token, Kind: kind})
	if _, err := conn.Write(append(head, '\n')); err != nil {
		fmt.Fprintf(os.Stderr, "zero-sdk hook bridge: cannot reach the SDK process: %v\n", err)
		return 1
	}
	if kind == "mcp" {
		go func() {
			_, _ = io.Copy(conn, os.Stdin)
			_ = conn.(*net.UnixConn).CloseWrite()
		}()
		_, _ = io.Copy(os.Stdout, conn)
		return 0
	}
	payload, _ := io.ReadAll(os.Stdin)
	line := strings.TrimSpace(strings.ReplaceAll(string(payload), "\n", " "))
	if _, err := conn.Write([]byte(line + "\n")); err != nil {
		fmt.Fprintf(os.Stderr, "zero-sdk hook bridge: cannot reach the SDK process: %v\n", err)
		return 1
	}
	_ = conn.(*net.UnixConn).CloseWrite()
	var reply verdict
	if err := json.NewDecoder(conn).Decode(&reply); err != nil {
		fmt.Fprintf(os.Stderr, "zero-sdk hook bridge: cannot reach the SDK process: %v\n", err)
		return 1
	}
	if reply.Blocked {
		fmt.Fprintln(os.Stderr, reply.Reason)
		return hookExitBlock
	}
	if reply.Message != "" {
		fmt.Println(reply.Message)
	}
	return 0
}
