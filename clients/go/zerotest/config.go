package zerotest

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/zero-sdk/zero-sdk/clients/go/plugin"
)

// Config writes Zero's configuration files for one test run (the Python kit's ZeroConfig, same
// layout): the user layer <ConfigHome>/zero/config.json and hooks.json, where ConfigHome is the
// run's own XDG_CONFIG_HOME (never the real user's), and the project layer <Workspace>/.zero/,
// which Zero reads only in a trusted workspace (TrustWorkspace). Each call rewrites the file it
// touches and fails the test on an error.
type Config struct {
	t          testing.TB
	ConfigHome string
	Workspace  string
	// DataHome is the run's XDG_DATA_HOME, where AddSkill writes (by default <ConfigHome>/../.local/share,
	// Zero's default next to a private HOME's .config).
	DataHome string
	config   map[bool]map[string]any
	hooks    map[bool][]map[string]any
}

// MCPServer describes one MCP server: a stdio Command (with Args and Env), or a URL (type "http"
// by default, or "sse").
type MCPServer struct {
	Command string
	Args    []string
	Env     map[string]string
	URL     string
	Type    string
	Headers map[string]string
	Project bool // in the workspace's .zero/config.json
}

// HookOptions are a hook's arguments, its matcher (`*`, a tool name or a pattern with `*`, for
// beforeTool and afterTool only) and its layer.
type HookOptions struct {
	Args    []string
	Matcher string
	Project bool
}

var serverName = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// NewConfig returns the configuration of a run whose XDG_CONFIG_HOME is configHome.
func NewConfig(t testing.TB, configHome, workspace string) *Config {
	return &Config{
		t: t, ConfigHome: configHome, Workspace: workspace,
		DataHome: filepath.Join(filepath.Dir(configHome), ".local", "share"),
		config:   map[bool]map[string]any{false: {}, true: {}},
		hooks:    map[bool][]map[string]any{},
	}
}

// ConfigPath is the config.json of a layer.
func (c *Config) ConfigPath(project bool) string { return filepath.Join(c.dir(project), "config.json") }

// HooksPath is the hooks.json of a layer.
func (c *Config) HooksPath(project bool) string { return filepath.Join(c.dir(project), "hooks.json") }

func (c *Config) dir(project bool) string {
	if project {
		return filepath.Join(c.Workspace, ".zero")
	}
	return filepath.Join(c.ConfigHome, "zero")
}

// AddMCPServer adds (or replaces) an MCP server.
func (c *Config) AddMCPServer(name string, server MCPServer) *Config {
	c.t.Helper()
	if !serverName.MatchString(name) {
		c.t.Fatalf("zerotest.Config: MCP server name %q: use letters, digits, '.', '_' or '-'", name)
	}
	if (server.Command == "") == (server.URL == "") {
		c.t.Fatalf("zerotest.Config: MCP server %q: give exactly one of Command (stdio) or URL", name)
	}
	entry := map[string]any{}
	if server.Type != "" {
		entry["type"] = server.Type
	}
	if server.Command != "" {
		entry["command"] = server.Command
		if len(server.Args) > 0 {
			entry["args"] = server.Args
		}
		if len(server.Env) > 0 {
			entry["env"] = server.Env
		}
	} else {
		entry["url"] = server.URL
		if len(server.Headers) > 0 {
			entry["headers"] = server.Headers
		}
	}
	layer := c.config[server.Project]
	mcp, _ := layer["mcp"].(map[string]any)
	if mcp == nil {
		mcp = map[string]any{"servers": map[string]any{}}
		layer["mcp"] = mcp
	}
	mcp["servers"].(map[string]any)[name] = entry
	c.write(c.ConfigPath(server.Project), layer)
	return c
}

// AddHook adds (or replaces, by id) a hook: command + args run with the event's JSON on stdin; a
// beforeTool hook that exits non-zero blocks the call.
func (c *Config) AddHook(id, event, command string, options HookOptions) *Config {
	c.t.Helper()
	switch event {
	case "beforeTool", "afterTool", "sessionStart", "sessionEnd":
	default:
		c.t.Fatalf("zerotest.Config: hook %q: event %q is not beforeTool, afterTool, sessionStart or sessionEnd", id, event)
	}
	if options.Matcher != "" && event != "beforeTool" && event != "afterTool" {
		c.t.Fatalf("zerotest.Config: hook %q: a matcher is only for beforeTool and afterTool hooks", id)
	}
	args := options.Args
	if args == nil {
		args = []string{}
	}
	hook := map[string]any{"id": id, "event": event, "command": command, "args": args}
	if options.Matcher != "" {
		hook["matcher"] = options.Matcher
	}
	kept := []map[string]any{}
	for _, existing := range c.hooks[options.Project] {
		if existing["id"] != id {
			kept = append(kept, existing)
		}
	}
	c.hooks[options.Project] = append(kept, hook)
	c.write(c.HooksPath(options.Project), map[string]any{"hooks": c.hooks[options.Project]})
	return c
}

// Set sets other config.json fields, as Zero spells them (e.g. "maxTurns").
func (c *Config) Set(project bool, fields map[string]any) *Config {
	c.t.Helper()
	for key, value := range fields {
		c.config[project][key] = value
	}
	c.write(c.ConfigPath(project), c.config[project])
	return c
}

// TrustWorkspace trusts the workspace, as `zero trust` does: its project layer is read from now on.
func (c *Config) TrustWorkspace() *Config {
	c.t.Helper()
	store := filepath.Join(c.ConfigHome, "zero", "trust.json")
	var existing struct {
		Trusted []string `json:"trusted"`
	}
	if data, err := os.ReadFile(store); err == nil {
		_ = json.Unmarshal(data, &existing)
	}
	root, err := filepath.EvalSymlinks(c.Workspace)
	if err != nil {
		c.t.Fatalf("zerotest.Config: %v", err)
	}
	found := false
	for _, entry := range existing.Trusted {
		found = found || entry == root
	}
	if !found {
		existing.Trusted = append(existing.Trusted, root)
	}
	sort.Strings(existing.Trusted)
	c.write(store, map[string]any{"trusted": existing.Trusted})
	return c
}

// AddPlugin installs the plugin in folder for this run, as `zero plugins add` does: its tree is
// copied (no symlinks, no .git) to <ConfigHome>/zero/plugins/<id>/, or with project to the
// workspace's .zero/plugins/<id>/ (read only in a trusted workspace). Build the plugin first (its
// build.sh): the copy is what Zero runs. It returns the plugin id, and fails the test on a
// plugin.json Zero would refuse, naming the field.
func (c *Config) AddPlugin(folder string, project bool) string {
	c.t.Helper()
	data, err := os.ReadFile(filepath.Join(folder, "plugin.json"))
	if err != nil {
		c.t.Fatalf("zerotest.Config: plugin %s: %v", folder, err)
	}
	manifest, err := plugin.DecodeManifest(data)
	if err != nil {
		c.t.Fatalf("zerotest.Config: plugin %s: %v", folder, err)
	}
	id := strings.TrimSpace(manifest.ID)
	root := filepath.Join(c.ConfigHome, "zero", "plugins")
	if project {
		root = filepath.Join(c.Workspace, ".zero", "plugins")
	}
	target := filepath.Join(root, id)
	if err := os.RemoveAll(target); err != nil {
		c.t.Fatalf("zerotest.Config: %v", err)
	}
	if err := copyPluginTree(folder, target); err != nil {
		c.t.Fatalf("zerotest.Config: install plugin %s: %v", id, err)
	}
	return id
}

// copyPluginTree copies a plugin folder as Zero's installer does: regular files and folders with
// their modes, never a symlink (it could point anywhere) or .git.
func copyPluginTree(source, target string) error {
	entries, err := os.ReadDir(source)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(target, 0o755); err != nil {
		return err
	}
	for _, entry := range entries {
		from, to := filepath.Join(source, entry.Name()), filepath.Join(target, entry.Name())
		info, err := os.Lstat(from)
		switch {
		case err != nil:
			return err
		case entry.Name() == ".git" || info.Mode()&os.ModeSymlink != 0:
			continue
		case info.IsDir():
			err = copyPluginTree(from, to)
		case info.Mode().IsRegular():
			err = copyFile(from, to, info.Mode().Perm())
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func copyFile(from, to string, mode os.FileMode) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// AddSkill writes a skill the `skill` tool can load, <DataHome>/zero/skills/<name>/SKILL.md, with a
// frontmatter naming it (and describing it, when description is not empty). It returns the file.
func (c *Config) AddSkill(name, description, body string) string {
	c.t.Helper()
	if !serverName.MatchString(name) {
		c.t.Fatalf("zerotest.Config: skill: name %q: use letters, digits, '.', '_' or '-'", name)
	}
	front := "name: " + name + "\n"
	if description != "" {
		front += "description: " + description + "\n"
	}
	path := filepath.Join(c.DataHome, "zero", "skills", name, "SKILL.md")
	text := "---\n" + front + "---\n\n" + strings.TrimRight(body, "\n") + "\n"
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		c.t.Fatalf("zerotest.Config: %v", err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		c.t.Fatalf("zerotest.Config: %v", err)
	}
	return path
}

func (c *Config) write(path string, value any) {
	c.t.Helper()
	data, err := json.MarshalIndent(value, "", "  ")
	if err == nil {
		err = os.MkdirAll(filepath.Dir(path), 0o700)
	}
	if err == nil {
		err = os.WriteFile(path, append(data, '\n'), 0o600)
	}
	if err != nil {
		c.t.Fatalf("zerotest.Config: write %s: %v", path, fmt.Sprint(err))
	}
}
