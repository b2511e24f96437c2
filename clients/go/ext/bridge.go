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
// (the same wire protocol as zero_client/extensions/bridge.py):
//
//	PROGRAM __zero_sdk_bridge__ mcp  SOCKET   an MCP stdio server relayed to the socket
//	PROGRAM __zero_sdk_bridge__ hook SOCKET   a hook: sends stdin, exits with the verdict
//
// The MCP server's token comes from its environment (TokenEnv, the server's env in the layer's
// config.json, which Zero hands to that server alone), never from argv; a hook has none. A hook
// that cannot reach the SDK exits 1, which blocks a beforeTool call (fail closed).
const bridgeMarker = "__zero_sdk_bridge__"

const hookExitBlock = 2

func init() {
	if len(os.Args) >= 2 && os.Args[1] == bridgeMarker {
		os.Exit(runBridge(os.Args[2:]))
	}
}

func runBridge(args []string) int {
	if len(args) != 2 || (args[0] != "mcp" && args[0] != "hook") {
		fmt.Fprintln(os.Stderr, errUsage)
		return 2
	}
	kind, socketPath := args[0], args[1]
	// Read once, then dropped from this process's environment (nothing it starts inherits it).
	token := os.Getenv(TokenEnv)
	_ = os.Unsetenv(TokenEnv)
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
