package ext

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The run's private configuration layer (the same layout as the Python and TypeScript clients':
// zero_client/_layer.py). Zero reads $XDG_CONFIG_HOME/zero/{config.json,hooks.json,
// mcp-permissions.json} and has no flag naming an extra config dir, so the run gets a private
// XDG_CONFIG_HOME: symlinks to every entry of the user's own, and merged copies of those three
// files. The layer is a 0700 directory run-<pid>-<random> under <tmp>/zero-sdk-<uid> (files
// 0600), removed when the run ends; a layer whose process is gone is removed by the next start.

const (
	layerPrefix   = "run-"
	maxRootLength = 70
	socketName    = "sdk.sock"
)

var mergedFiles = map[string]bool{"config.json": true, "hooks.json": true, "mcp-permissions.json": true}

// command is a program and its arguments, as Zero's config files spell one.
type command struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// layerSpec is what the SDK adds: an MCP stdio server and hook commands (event -> command).
type layerSpec struct {
	serverName string
	server     *command
	approve    bool
	hooks      map[string]command
	hookOrder  []string
	// instructions go into the layer's ZERO.md (instructions.go); nil: none.
	instructions *string
}

// LayersRoot is <tmp>/zero-sdk-<uid>, 0700 (a deep TMPDIR falls back to /tmp: a unix socket
// path has 108 bytes).
func LayersRoot() (string, error) {
	uid := os.Getuid()
	root := filepath.Join(os.TempDir(), fmt.Sprintf("zero-sdk-%d", uid))
	if len(root) > maxRootLength {
		root = filepath.Join("/tmp", fmt.Sprintf("zero-sdk-%d", uid))
	}
	if err := os.Mkdir(root, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return "", err
	}
	info, err := os.Lstat(root)
	if err != nil {
		return "", err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !info.IsDir() || !ok || int(st.Uid) != uid {
		return "", fmt.Errorf("zero ext: %s is not a directory of this user: remove it", root)
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(root, 0o700); err != nil {
			return "", err
		}
	}
	return root, nil
}

// RemoveStaleLayers removes the layers of processes that are gone and returns their paths.
func RemoveStaleLayers(root string) []string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var removed []string
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasPrefix(name, layerPrefix) {
			continue
		}
		pid, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, layerPrefix), "-", 2)[0])
		if err != nil || pid == os.Getpid() || alive(pid) {
			continue
		}
		path := filepath.Join(root, name)
		_ = os.RemoveAll(path)
		removed = append(removed, path)
	}
	return removed
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// NewLayerDir makes a fresh 0700 layer directory (stale ones are removed first).
func NewLayerDir() (string, error) {
	for attempt := 0; ; attempt++ {
		root, err := LayersRoot()
		if err != nil {
			return "", err
		}
		RemoveStaleLayers(root)
		dir, err := os.MkdirTemp(root, fmt.Sprintf("%s%d-", layerPrefix, os.Getpid()))
		// Another run may remove the empty root between the two calls.
		if err == nil || !errors.Is(err, os.ErrNotExist) || attempt >= 2 {
			return dir, err
		}
	}
}

func envValue(env []string, key string) string {
	value := ""
	for _, entry := range env {
		if k, v, ok := strings.Cut(entry, "="); ok && k == key {
			value = v // the last one wins, as exec.Cmd does
		}
	}
	return strings.TrimSpace(value)
}

// writeLayer fills dir for a run whose environment is env; returns the entries the run gets.
func writeLayer(dir string, env []string, spec layerSpec) ([]string, error) {
	realHome := ""
	if xdg := envValue(env, "XDG_CONFIG_HOME"); xdg != "" {
		realHome, _ = filepath.Abs(xdg)
	} else if home := envValue(env, "HOME"); home != "" {
		realHome = filepath.Join(home, ".config")
	}
	xdg := filepath.Join(dir, "xdg")
	zeroDir := filepath.Join(xdg, "zero")
	if err := os.MkdirAll(zeroDir, 0o700); err != nil {
		return nil, err
	}
	realZero := ""
	if realHome != "" {
		realZero = filepath.Join(realHome, "zero")
		if err := linkEntries(realHome, xdg, map[string]bool{"zero": true}); err != nil {
			return nil, err
		}
		if err := linkEntries(realZero, zeroDir, mergedFiles); err != nil {
			return nil, err
		}
	}
	if spec.instructions != nil {
		if err := writeGuidelines(zeroDir, realZero, *spec.instructions); err != nil {
			return nil, err
		}
	}
	read := func(name string) (map[string]any, error) {
		if realZero == "" {
			return map[string]any{}, nil
		}
		return readJSON(filepath.Join(realZero, name))
	}

	config, err := read("config.json")
	if err != nil {
		return nil, err
	}
	if spec.server != nil {
		for _, key := range []string{"mcpServers", "mcp_servers"} {
			if _, taken := object(config[key])[spec.serverName]; taken {
				return nil, fmt.Errorf("zero ext: your Zero configuration already has an MCP server %q (%s): choose another ToolServer", spec.serverName, key)
			}
		}
		mcp := object(config["mcp"])
		servers := object(mcp["servers"])
		if _, taken := servers[spec.serverName]; taken {
			return nil, fmt.Errorf("zero ext: your Zero configuration already has an MCP server %q: choose another ToolServer", spec.serverName)
		}
		servers[spec.serverName] = map[string]any{"type": "stdio", "command": spec.server.Command, "args": spec.server.Args}
		mcp["servers"] = servers
		config["mcp"] = mcp
	}
	if err := writeJSON(filepath.Join(zeroDir, "config.json"), config); err != nil {
		return nil, err
	}

	hooks, err := read("hooks.json")
	if err != nil {
		return nil, err
	}
	if len(spec.hookOrder) > 0 {
		existing, _ := hooks["hooks"].([]any)
		if enabled, isBool := hooks["enabled"].(bool); isBool && !enabled {
			// The user switched their hooks off: keep theirs off one by one, since ours need the
			// surface on.
			for i, hook := range existing {
				h := object(hook)
				h["enabled"] = false
				existing[i] = h
			}
		}
		for _, event := range spec.hookOrder {
			c := spec.hooks[event]
			existing = append(existing, map[string]any{
				"id": "zero-sdk-" + event, "event": event, "command": c.Command, "args": c.Args, "enabled": true,
			})
		}
		hooks["enabled"] = true
		hooks["hooks"] = existing
	}
	if err := writeJSON(filepath.Join(zeroDir, "hooks.json"), hooks); err != nil {
		return nil, err
	}

	layerEnv := []string{"XDG_CONFIG_HOME=" + xdg}
	override := envValue(env, "ZERO_MCP_PERMISSIONS_PATH")
	var permissions map[string]any
	if override != "" {
		permissions, err = readJSON(override)
	} else {
		permissions, err = read("mcp-permissions.json")
	}
	if err != nil {
		return nil, err
	}
	if spec.server != nil && spec.approve {
		servers := object(permissions["servers"])
		servers[spec.serverName] = map[string]any{
			"serverIdentity": ServerIdentity(spec.server.Command, spec.server.Args),
			"maxAutonomy":    "high",
			"approvedAt":     time.Now().UTC().Format("2006-01-02T15:04:05Z"),
		}
		if _, ok := permissions["schemaVersion"]; !ok {
			permissions["schemaVersion"] = 1
		}
		if _, ok := permissions["tools"]; !ok {
			permissions["tools"] = map[string]any{}
		}
		permissions["servers"] = servers
	}
	permissionsPath := filepath.Join(zeroDir, "mcp-permissions.json")
	if len(permissions) > 0 {
		if err := writeJSON(permissionsPath, permissions); err != nil {
			return nil, err
		}
	}
	if override != "" {
		layerEnv = append(layerEnv, "ZERO_MCP_PERMISSIONS_PATH="+permissionsPath)
	}
	return layerEnv, nil
}

// ServerIdentity is the identity Zero gives a stdio MCP server (internal/mcp/config.go): the
// first 32 hex digits of the SHA-256 of its canonical JSON.
func ServerIdentity(program string, args []string) string {
	var trimmed []string
	for _, arg := range args {
		if arg = strings.TrimSpace(arg); arg != "" {
			trimmed = append(trimmed, arg)
		}
	}
	canonical := struct {
		Type    string   `json:"type"`
		Command string   `json:"command,omitempty"`
		Args    []string `json:"args,omitempty"`
	}{"stdio", strings.TrimSpace(program), trimmed}
	data, _ := json.Marshal(canonical)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])[:32]
}

func linkEntries(source, target string, skip map[string]bool) error {
	entries, err := os.ReadDir(source)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, entry := range entries {
		if !skip[entry.Name()] {
			if err := os.Symlink(filepath.Join(source, entry.Name()), filepath.Join(target, entry.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

func readJSON(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]any{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("zero ext: cannot read your Zero configuration %s: %w", path, err)
	}
	var value map[string]any
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber() // numbers are copied as written
	if err := decoder.Decode(&value); err != nil || value == nil {
		return nil, fmt.Errorf("zero ext: your Zero configuration %s is not a JSON object", path)
	}
	return value, nil
}

func writeJSON(path string, value any) error {
	data, err := json.MarshalIndent(value, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func object(value any) map[string]any {
	if m, ok := value.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}
