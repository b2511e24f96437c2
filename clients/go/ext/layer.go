package ext

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// The run's private configuration layer (docs/extensions.md, "Threat model"): the same layout
// and rules as the Python and TypeScript clients' (zero_client/extensions/layer.py).
//
//   - Zero reads $XDG_CONFIG_HOME/zero/{config.json,hooks.json,mcp-permissions.json} and has no
//     flag naming an extra config dir, so the run gets a private XDG_CONFIG_HOME: symlinks to
//     every entry of the user's own, merged copies of those three files, and mirrors of the
//     directories a plugin's command reads in the sandbox (readableInZeroDir).
//   - It lives under a root outside every write root of the run (LayerRootPath:
//     $ZERO_SDK_LAYER_ROOT, else $XDG_RUNTIME_DIR/zero-sdk, else $XDG_STATE_HOME/zero-sdk or
//     ~/.local/state/zero-sdk), checked against the workspace, --add-dir directories, the user's
//     sandbox.additionalWriteRoots, $TMPDIR, /tmp, /var/tmp and /dev/shm (CheckLocation).
//   - The MCP server's token is in its `env` in config.json (under xdg/zero, which Zero's sandbox
//     masks from the run's commands); provider keys are not copied: each profile's apiKey becomes
//     an apiKeyEnv naming a variable of Zero's environment, which Zero scrubs from its sandbox.
//   - The user's own Zero directory (and the other credential stores Zero masks under a config
//     home), which Zero stops masking once XDG_CONFIG_HOME is the layer's, stays masked
//     (maskingUserCredentials).
//   - The layer is a 0700 directory run-<pid>-<random> (files 0600), removed when the run ends
//     and by a reaper child when this process dies first; the next start removes any left.

const (
	layerPrefix = "run-"
	socketName  = "sdk.sock"
	// LayerRootEnv names the directory layers live in (it must be outside every write root).
	LayerRootEnv = "ZERO_SDK_LAYER_ROOT"
	// TokenEnv carries the bridge's token to the SDK's MCP server (its env in config.json).
	TokenEnv = "ZERO_SDK_BRIDGE_TOKEN"
	// ProviderKeyEnv prefixes the variables carrying the user's provider keys to Zero.
	ProviderKeyEnv = "ZERO_SDK_PROVIDER_KEY_"
	maxSocketPath  = 107
	reaperScript   = `read _ignored; rm -rf -- "$1"`
)

var (
	mergedFiles      = map[string]bool{"config.json": true, "hooks.json": true, "mcp-permissions.json": true}
	sharedWriteRoots = []string{"/tmp", "/var/tmp", "/dev/shm"}
	// readableInZeroDir are the directories of zero/ that stay readable to the run's commands
	// although zero/ is masked (Zero's carve-outs: a plugin's command runs its own files from
	// zero/plugins/<id>). Zero keeps only a real directory readable, never a symlink, so the
	// layer holds a mirror of each: its files hard-linked (copied across file systems), its links
	// kept as links.
	readableInZeroDir = []string{"plugins", "specialists", "commands"}
)

// LayerLocationError says the layer's root is where a command of the run could write (or too
// deep for a unix socket path), and how to choose another.
type LayerLocationError struct{ Message string }

func (e *LayerLocationError) Error() string { return "zero ext: " + e.Message }

// command is a program and its arguments, as Zero's config files spell one; Env is what Zero
// gives that process alone (an MCP server's env; hooks have none).
type command struct {
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env,omitempty"`
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

func privateRuntimeDir(path string) bool {
	if path == "" || !filepath.IsAbs(path) {
		return false
	}
	info, err := os.Stat(path)
	if err != nil || !info.IsDir() {
		return false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid() && info.Mode().Perm()&0o077 == 0
}

// LayerRootPath is where layers live, read from this process's environment (the layer is the
// SDK's, not the run's).
func LayerRootPath() string {
	if explicit := strings.TrimSpace(os.Getenv(LayerRootEnv)); explicit != "" {
		abs, _ := filepath.Abs(explicit)
		return abs
	}
	if runtime := strings.TrimSpace(os.Getenv("XDG_RUNTIME_DIR")); privateRuntimeDir(runtime) {
		return filepath.Join(runtime, "zero-sdk")
	}
	state := strings.TrimSpace(os.Getenv("XDG_STATE_HOME"))
	if state == "" || !filepath.IsAbs(state) {
		home, _ := os.UserHomeDir()
		state = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(state, "zero-sdk")
}

// LayersRoot is LayerRootPath, made if missing: 0700 and ours (one another user made is refused).
func LayersRoot() (string, error) {
	root := LayerRootPath()
	uid := os.Getuid()
	if err := os.MkdirAll(filepath.Dir(root), 0o700); err != nil {
		return "", err
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
		return "", &LayerLocationError{fmt.Sprintf("%s is not a directory of this user: remove it or set %s", root, LayerRootEnv)}
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(root, 0o700); err != nil {
			return "", err
		}
	}
	return root, nil
}

// WriteRoots is every directory a command of the run may write, as far as the SDK can know it:
// roots (the workspace, --add-dir and --worktree-dir directories), the user's
// sandbox.additionalWriteRoots, the run's and this process's $TMPDIR, Zero's runtime directories,
// and the shared temporary directories.
func WriteRoots(env []string, roots []string) []string {
	out := append(append([]string{}, sharedWriteRoots...), roots...)
	for _, tmp := range []string{envValue(env, "TMPDIR"), strings.TrimSpace(os.Getenv("TMPDIR"))} {
		if tmp != "" {
			out = append(out, tmp)
		}
	}
	// Zero's sandbox runtime directories (internal/sandbox/runtime_state.go: the user cache dir).
	cache := envValue(env, "XDG_CACHE_HOME")
	if cache == "" {
		home := envValue(env, "HOME")
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		cache = filepath.Join(home, ".cache")
	}
	out = append(out, filepath.Join(cache, "zero", "runtime"))
	if zeroDir := userZeroDir(env); zeroDir != "" {
		if config, err := readJSON(filepath.Join(zeroDir, "config.json")); err == nil {
			extra, _ := object(config["sandbox"])["additionalWriteRoots"].([]any)
			home, _ := os.UserHomeDir()
			for _, item := range extra {
				if text := strings.TrimSpace(fmt.Sprint(item)); text != "" {
					if strings.HasPrefix(text, "~/") {
						text = filepath.Join(home, text[2:])
					}
					out = append(out, text)
				}
			}
		}
	}
	return out
}

func realish(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// CheckLocation returns a *LayerLocationError when root is one of the write roots or inside one
// (the innermost is named).
func CheckLocation(root string, roots []string) error {
	realRoot := realish(root)
	inside, depth := "", -1
	for _, entry := range roots {
		real := realish(entry)
		if (realRoot == real || strings.HasPrefix(realRoot, strings.TrimRight(real, "/")+"/")) && len(real) > depth {
			inside, depth = entry, len(real)
		}
	}
	if depth >= 0 {
		return &LayerLocationError{fmt.Sprintf("the SDK's layer directory %s is inside %s, which commands of the run can write: "+
			"set %s to a directory outside every write root (for example under $XDG_RUNTIME_DIR or ~/.local/state)", root, inside, LayerRootEnv)}
	}
	if longest := len(filepath.Join(root, layerPrefix+"9999999999-999999999", socketName)); longest > maxSocketPath {
		return &LayerLocationError{fmt.Sprintf("the SDK's layer directory %s is too deep for a unix socket path (%d > %d bytes): set %s to a shorter path",
			root, longest, maxSocketPath, LayerRootEnv)}
	}
	return nil
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

// NewLayerDir makes a fresh 0700 layer directory outside the write roots (WriteRoots; stale
// layers are removed first).
func NewLayerDir(roots []string) (string, error) {
	if err := CheckLocation(LayerRootPath(), append(append([]string{}, sharedWriteRoots...), roots...)); err != nil {
		return "", err
	}
	root, err := LayersRoot()
	if err != nil {
		return "", err
	}
	RemoveStaleLayers(root)
	return os.MkdirTemp(root, fmt.Sprintf("%s%d-", layerPrefix, os.Getpid()))
}

// reaper is a child that removes a layer once this process is gone, however it went (SIGKILL
// included): it waits on a pipe whose only writer is this process (os.Pipe's descriptors are
// close-on-exec, so no later child inherits it), in a session of its own so a signal to our
// group spares it.
type reaper struct {
	cmd  *exec.Cmd
	pipe *os.File
}

func startReaper(path string) (*reaper, error) {
	read, write, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer read.Close()
	cmd := exec.Command("/bin/sh", "-c", reaperScript, "zero-sdk-reaper", path)
	cmd.Stdin, cmd.Dir, cmd.Env = read, "/", []string{"PATH=/usr/bin:/bin"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		_ = write.Close()
		return nil, err
	}
	return &reaper{cmd, write}, nil
}

// stop closes the pipe (the reaper removes what is left, then exits) and waits for it.
func (r *reaper) stop() {
	if r == nil {
		return
	}
	_ = r.pipe.Close()
	_ = r.cmd.Wait()
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
	realHome := userConfigHome(env)
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
		notLinked := map[string]bool{}
		for name := range mergedFiles {
			notLinked[name] = true
		}
		for _, name := range readableInZeroDir {
			notLinked[name] = true
		}
		if err := linkEntries(realZero, zeroDir, notLinked); err != nil {
			return nil, err
		}
		for _, name := range readableInZeroDir {
			if err := mirrorTree(filepath.Join(realZero, name), filepath.Join(zeroDir, name)); err != nil {
				return nil, err
			}
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
	providerKeys := withoutProviderKeys(config)
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
		entry := map[string]any{"type": "stdio", "command": spec.server.Command, "args": spec.server.Args}
		if len(spec.server.Env) > 0 {
			entry["env"] = spec.server.Env
		}
		servers[spec.serverName] = entry
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

	layerEnv := append([]string{"XDG_CONFIG_HOME=" + xdg}, providerKeys...)
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
			"serverIdentity": ServerIdentity(spec.server.Command, spec.server.Args, spec.server.Env),
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
	return append(layerEnv, maskingUserCredentials(env, realHome)...), nil
}

// maskedInConfigHome is what Zero masks under the config home it is given, which the layer's
// replaces.
var maskedInConfigHome = []string{"zero", filepath.Join("gh", "hosts.yml"), filepath.Join("git", "credentials")}

// maskingUserCredentials is the entry that keeps the user's own credential stores under their
// config home masked in the run's sandbox (layer.py masking_user_credentials): Zero masks
// $XDG_CONFIG_HOME/zero (and gh/hosts.yml, git/credentials there), now the layer's, and every
// entry of KUBECONFIG (a directory whole), so the user's paths join that list after the user's
// own entries, or ~/.kube/config, which Zero masks by default.
func maskingUserCredentials(env []string, realHome string) []string {
	if info, err := os.Stat(realHome); realHome == "" || err != nil || !info.IsDir() {
		return nil
	}
	var entries []string
	for _, entry := range strings.Split(envValue(env, "KUBECONFIG"), ":") {
		if strings.TrimSpace(entry) != "" {
			entries = append(entries, entry)
		}
	}
	if home := envValue(env, "HOME"); len(entries) == 0 && home != "" {
		entries = []string{filepath.Join(home, ".kube", "config")}
	}
	real := realish(realHome)
	for _, path := range maskedInConfigHome {
		entries = append(entries, filepath.Join(real, path))
	}
	return []string{"KUBECONFIG=" + strings.Join(entries, ":")}
}

func userConfigHome(env []string) string {
	if xdg := envValue(env, "XDG_CONFIG_HOME"); xdg != "" {
		abs, _ := filepath.Abs(xdg)
		return abs
	}
	if home := envValue(env, "HOME"); home != "" {
		return filepath.Join(home, ".config")
	}
	return ""
}

func userZeroDir(env []string) string {
	if home := userConfigHome(env); home != "" {
		return filepath.Join(home, "zero")
	}
	return ""
}

// withoutProviderKeys replaces, in config, each provider profile's inline key by an apiKeyEnv
// naming a variable of Zero's environment, and returns those "KEY=value" entries: the key is then
// in no file, and Zero scrubs every apiKeyEnv variable from the processes of its sandbox.
func withoutProviderKeys(config map[string]any) []string {
	providers, ok := config["providers"].([]any)
	if !ok {
		return nil
	}
	var moved []string
	for index, profile := range providers {
		entry, ok := profile.(map[string]any)
		if !ok {
			continue
		}
		key := ""
		for _, field := range []string{"apiKey", "api_key"} {
			if text, isText := entry[field].(string); isText && key == "" {
				key = strings.TrimSpace(text)
			}
		}
		if key == "" {
			continue
		}
		name := fmt.Sprintf("%s%d", ProviderKeyEnv, index)
		for _, field := range []string{"apiKey", "api_key", "apiKeyEnv", "api_key_env"} {
			delete(entry, field)
		}
		entry["apiKeyEnv"] = name
		moved = append(moved, name+"="+key)
	}
	return moved
}

// ServerIdentity is the identity Zero gives a stdio MCP server (internal/mcp/config.go
// computeServerIdentity): the first 32 hex digits of the SHA-256 of its canonical JSON (type,
// command, args, env).
func ServerIdentity(program string, args []string, env map[string]string) string {
	var trimmed []string
	for _, arg := range args {
		if arg = strings.TrimSpace(arg); arg != "" {
			trimmed = append(trimmed, arg)
		}
	}
	canonical := struct {
		Type    string            `json:"type"`
		Command string            `json:"command,omitempty"`
		Args    []string          `json:"args,omitempty"`
		Env     map[string]string `json:"env,omitempty"`
	}{"stdio", strings.TrimSpace(program), trimmed, env}
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

// mirrorTree puts source's tree at target (see readableInZeroDir); a link or a file stays a link.
func mirrorTree(source, target string) error {
	info, err := os.Lstat(source)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err == nil && !info.IsDir() {
		err = os.Symlink(source, target)
	} else if err == nil {
		err = filepath.WalkDir(source, func(path string, entry os.DirEntry, walkErr error) error {
			if walkErr != nil {
				return walkErr
			}
			relative, _ := filepath.Rel(source, path)
			to := filepath.Join(target, relative)
			switch {
			case entry.Type()&os.ModeSymlink != 0:
				link, err := os.Readlink(path)
				if err != nil {
					return err
				}
				return os.Symlink(link, to)
			case entry.IsDir():
				info, err := entry.Info()
				if err != nil {
					return err
				}
				return os.Mkdir(to, info.Mode().Perm())
			case entry.Type().IsRegular():
				return linkOrCopy(path, to)
			}
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("zero ext: cannot mirror your Zero directory %s into the run's layer: %w", source, err)
	}
	return nil
}

func linkOrCopy(from, to string) error {
	if os.Link(from, to) == nil {
		return nil
	}
	info, err := os.Stat(from)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, info.Mode().Perm())
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
