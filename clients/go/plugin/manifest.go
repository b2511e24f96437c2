// GENERATED FILE - DO NOT EDIT.
// Generated from schema/plugin/v1.json by `zero-sdk generate --lang go`.
// Edit that and rerun the command instead of editing this file.

// Package plugin holds the typed plugin.json of a Zero plugin (manifest schemaVersion
// 1), generated from schema/plugin/v1.json: a struct per object, DecodeManifest,
// and MarshalJSON / UnmarshalJSON with the same checks. Errors are *wire.ProtocolError naming
// the field.
package plugin

import (
	"encoding/json"

	"github.com/zero-sdk/zero-sdk/clients/go/protocol/wire"
)

var (
	pattern0 = wire.MustCompilePattern(`^[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]*[A-Za-z0-9][A-Za-z0-9._-]*[\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]*$`)
	pattern1 = wire.MustCompilePattern(`[^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`)
)

// PluginToolPermission is a value of `PluginTool.permission`: allow, prompt, deny.
type PluginToolPermission string

// The values of PluginToolPermission.
const (
	PluginToolPermissionAllow  PluginToolPermission = "allow"
	PluginToolPermissionPrompt PluginToolPermission = "prompt"
	PluginToolPermissionDeny   PluginToolPermission = "deny"
)

var pluginToolPermissionValues = []string{"allow", "prompt", "deny"}

func readPluginToolPermission(d *wire.Decoder, raw []byte, out *PluginToolPermission) error {
	return wire.ReadEnum(d, raw, out, pluginToolPermissionValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v PluginToolPermission) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, pluginToolPermissionValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *PluginToolPermission) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPluginToolPermission)
}

// PluginHookEvent is a value of `PluginHook.event`: beforeTool, afterTool, sessionStart,
// sessionEnd.
type PluginHookEvent string

// The values of PluginHookEvent.
const (
	PluginHookEventBeforeTool   PluginHookEvent = "beforeTool"
	PluginHookEventAfterTool    PluginHookEvent = "afterTool"
	PluginHookEventSessionStart PluginHookEvent = "sessionStart"
	PluginHookEventSessionEnd   PluginHookEvent = "sessionEnd"
)

var pluginHookEventValues = []string{"beforeTool", "afterTool", "sessionStart", "sessionEnd"}

func readPluginHookEvent(d *wire.Decoder, raw []byte, out *PluginHookEvent) error {
	return wire.ReadEnum(d, raw, out, pluginHookEventValues)
}

// MarshalJSON writes the value; a value outside the enum is an error.
func (v PluginHookEvent) MarshalJSON() ([]byte, error) {
	return wire.MarshalEnum(v, pluginHookEventValues)
}

// UnmarshalJSON reads a value; a value outside the enum is a bad_enum error.
func (v *PluginHookEvent) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, v, readPluginHookEvent)
}

// PluginManifest is the one plugin: its identity, and the tools, skills, prompts and hooks it
// bundles.
type PluginManifest struct {
	// ID is the plugin id: letters, numbers, dots, dashes or underscores, starting with a letter or
	// number. Names the install folder (`plugins/<id>/`) and prefixes hook ids (`<id>.<hook>`); when
	// two plugins share an id, the project one overrides the user one.
	ID string `json:"id"`
	// Name is a display name (non-empty).
	Name string `json:"name"`
	// Version is the plugin's own version string (non-empty; any format).
	Version string `json:"version"`
	// Description reports what the plugin does (non-empty when present).
	Description *string `json:"description,omitempty"`
	// Enabled reports whether the plugin is active; absent means true.
	Enabled *bool `json:"enabled,omitempty"`
	// Tools holds the tools the model can call, each running a command.
	Tools []PluginTool `json:"tools,omitempty"`
	// Prompts holds the prompt files (listed by `zero plugins`, not activated by `zero exec`).
	Prompts []PluginPath `json:"prompts,omitempty"`
	// Skills holds the skills: each `path` is a folder holding a `SKILL.md`, or the `SKILL.md` itself.
	Skills []PluginPath `json:"skills,omitempty"`
	// Hooks holds the commands run on lifecycle events; each gets the id `<pluginId>.<hookName>` and
	// no matcher.
	Hooks []PluginHook `json:"hooks,omitempty"`
	// Author holds the authorship metadata (optional; a malformed value is ignored by Zero).
	Author *PluginAuthor `json:"author,omitempty"`
	// License is a license name or SPDX id (metadata).
	License *string `json:"license,omitempty"`
	// Keywords holds the search keywords (metadata).
	Keywords []string `json:"keywords,omitempty"`
	// Homepage is a URL for the plugin (metadata).
	Homepage *string `json:"homepage,omitempty"`
	// Interface holds the presentation metadata for user interfaces (optional).
	Interface *PluginInterface `json:"interface,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetID returns ID, or "" for a nil *PluginManifest.
func (e *PluginManifest) GetID() (v string) {
	if e != nil {
		v = e.ID
	}
	return v
}

// GetName returns Name, or "" for a nil *PluginManifest.
func (e *PluginManifest) GetName() (v string) {
	if e != nil {
		v = e.Name
	}
	return v
}

// GetVersion returns Version, or "" for a nil *PluginManifest.
func (e *PluginManifest) GetVersion() (v string) {
	if e != nil {
		v = e.Version
	}
	return v
}

// GetDescription returns Description, or "" when it is absent.
func (e *PluginManifest) GetDescription() (v string) {
	if e != nil && e.Description != nil {
		v = *e.Description
	}
	return v
}

// GetEnabled returns Enabled, or false when it is absent.
func (e *PluginManifest) GetEnabled() (v bool) {
	if e != nil && e.Enabled != nil {
		v = *e.Enabled
	}
	return v
}

// GetTools returns Tools, or nil when it is absent.
func (e *PluginManifest) GetTools() []PluginTool {
	if e == nil {
		return nil
	}
	return e.Tools
}

// GetPrompts returns Prompts, or nil when it is absent.
func (e *PluginManifest) GetPrompts() []PluginPath {
	if e == nil {
		return nil
	}
	return e.Prompts
}

// GetSkills returns Skills, or nil when it is absent.
func (e *PluginManifest) GetSkills() []PluginPath {
	if e == nil {
		return nil
	}
	return e.Skills
}

// GetHooks returns Hooks, or nil when it is absent.
func (e *PluginManifest) GetHooks() []PluginHook {
	if e == nil {
		return nil
	}
	return e.Hooks
}

// GetAuthor returns Author, or nil when it is absent.
func (e *PluginManifest) GetAuthor() *PluginAuthor {
	if e == nil {
		return nil
	}
	return e.Author
}

// GetLicense returns License, or "" when it is absent.
func (e *PluginManifest) GetLicense() (v string) {
	if e != nil && e.License != nil {
		v = *e.License
	}
	return v
}

// GetKeywords returns Keywords, or nil when it is absent.
func (e *PluginManifest) GetKeywords() []string {
	if e == nil {
		return nil
	}
	return e.Keywords
}

// GetHomepage returns Homepage, or "" when it is absent.
func (e *PluginManifest) GetHomepage() (v string) {
	if e != nil && e.Homepage != nil {
		v = *e.Homepage
	}
	return v
}

// GetInterface returns Interface, or nil when it is absent.
func (e *PluginManifest) GetInterface() *PluginInterface {
	if e == nil {
		return nil
	}
	return e.Interface
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginManifest) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.Int("schemaVersion", 1)
	w.String("id", e.ID)
	w.String("name", e.Name)
	w.String("version", e.Version)
	wire.Optional(&w, "description", e.Description, (*wire.Writer).String)
	wire.Optional(&w, "enabled", e.Enabled, (*wire.Writer).Bool)
	if e.Tools != nil {
		w.Value("tools", e.Tools)
	}
	if e.Prompts != nil {
		w.Value("prompts", e.Prompts)
	}
	if e.Skills != nil {
		w.Value("skills", e.Skills)
	}
	if e.Hooks != nil {
		w.Value("hooks", e.Hooks)
	}
	wire.Optional(&w, "author", e.Author, wire.Any[PluginAuthor])
	wire.Optional(&w, "license", e.License, (*wire.Writer).String)
	if e.Keywords != nil {
		w.Value("keywords", e.Keywords)
	}
	wire.Optional(&w, "homepage", e.Homepage, (*wire.Writer).String)
	wire.Optional(&w, "interface", e.Interface, wire.Any[PluginInterface])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginManifest))
}

// UnmarshalJSON decodes one PluginManifest with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginManifest) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginManifest)
}

var pluginManifestFields = []string{"schemaVersion", "id", "name", "version", "description", "enabled", "tools", "prompts", "skills", "hooks", "author", "license", "keywords", "homepage", "interface"}

func decodePluginManifest(d *wire.Decoder, obj []byte, e *PluginManifest) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "schemaVersion":
			seen |= 1 << 0
			err = wire.ConstInt(m.Value, 1)
		case "id":
			seen |= 1 << 1
			err = readID(d, m.Value, &e.ID)
		case "name":
			seen |= 1 << 2
			err = readName(d, m.Value, &e.Name)
		case "version":
			seen |= 1 << 3
			err = readName(d, m.Value, &e.Version)
		case "description":
			err = wire.ReadOptional(d, m.Value, &e.Description, readName)
		case "enabled":
			err = wire.ReadOptional(d, m.Value, &e.Enabled, wire.ReadBool)
		case "tools":
			err = readPluginToolList(d, m.Value, &e.Tools)
		case "prompts":
			err = readPluginPathList(d, m.Value, &e.Prompts)
		case "skills":
			err = readPluginPathList(d, m.Value, &e.Skills)
		case "hooks":
			err = readPluginHookList(d, m.Value, &e.Hooks)
		case "author":
			err = wire.ReadOptional(d, m.Value, &e.Author, decodePluginAuthor)
		case "license":
			err = wire.ReadOptional(d, m.Value, &e.License, wire.ReadString)
		case "keywords":
			err = readStringList(d, m.Value, &e.Keywords)
		case "homepage":
			err = wire.ReadOptional(d, m.Value, &e.Homepage, wire.ReadString)
		case "interface":
			err = wire.ReadOptional(d, m.Value, &e.Interface, decodePluginInterface)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1111, pluginManifestFields); err != nil {
		return err
	}
	return nil
}

// PluginTool is a tool exposed to the model under its bare `name`. Zero runs `command` with `args`
// in the workspace, writes the call's arguments to its stdin as compact JSON, and shows the model
// `stdout:`, `stderr:` and a non-zero `exit_code:`. `${AGENT_PLUGIN_ROOT}` in `command` and `args`
// is the plugin's folder, which is also in the environment as AGENT_PLUGIN_ROOT; a relative
// `command` containing `/` is resolved against the plugin folder, others are looked up on PATH.
type PluginTool struct {
	// Name is the tool name the model calls (same character rules as the plugin id); a name shadowing
	// a core tool or an earlier plugin's tool is skipped with a warning.
	Name string `json:"name"`
	// Description reports what the tool does, shown to the model (default: `Run plugin tool
	// <id>/<name>.`).
	Description *string `json:"description,omitempty"`
	// Command is the program to run.
	Command string `json:"command"`
	// Args holds the its arguments.
	Args []string `json:"args,omitempty"`
	// InputSchema is the JSON Schema of the arguments, shown to the model (not enforced by Zero).
	// Absent: any object. Present without `additionalProperties`: Zero adds `false`.
	InputSchema map[string]json.RawMessage `json:"inputSchema,omitempty"`
	// Permission holds the `prompt` (default) asks like any shell command; `deny` blocks every call;
	// `allow` is read as `prompt` unless manifest auto-approval is switched on.
	Permission *PluginToolPermission `json:"permission,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetName returns Name, or "" for a nil *PluginTool.
func (e *PluginTool) GetName() (v string) {
	if e != nil {
		v = e.Name
	}
	return v
}

// GetDescription returns Description, or "" when it is absent.
func (e *PluginTool) GetDescription() (v string) {
	if e != nil && e.Description != nil {
		v = *e.Description
	}
	return v
}

// GetCommand returns Command, or "" for a nil *PluginTool.
func (e *PluginTool) GetCommand() (v string) {
	if e != nil {
		v = e.Command
	}
	return v
}

// GetArgs returns Args, or nil when it is absent.
func (e *PluginTool) GetArgs() []string {
	if e == nil {
		return nil
	}
	return e.Args
}

// GetInputSchema returns InputSchema, or nil when it is absent.
func (e *PluginTool) GetInputSchema() map[string]json.RawMessage {
	if e == nil {
		return nil
	}
	return e.InputSchema
}

// GetPermission returns Permission, or "" when it is absent.
func (e *PluginTool) GetPermission() (v PluginToolPermission) {
	if e != nil && e.Permission != nil {
		v = *e.Permission
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginTool) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("name", e.Name)
	wire.Optional(&w, "description", e.Description, (*wire.Writer).String)
	w.String("command", e.Command)
	if e.Args != nil {
		w.Value("args", e.Args)
	}
	if e.InputSchema != nil {
		w.Value("inputSchema", e.InputSchema)
	}
	wire.Optional(&w, "permission", e.Permission, wire.Enum[PluginToolPermission])
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginTool))
}

// UnmarshalJSON decodes one PluginTool with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginTool) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginTool)
}

var pluginToolFields = []string{"name", "description", "command", "args", "inputSchema", "permission"}

func decodePluginTool(d *wire.Decoder, obj []byte, e *PluginTool) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "name":
			seen |= 1 << 0
			err = readID(d, m.Value, &e.Name)
		case "description":
			err = wire.ReadOptional(d, m.Value, &e.Description, readName)
		case "command":
			seen |= 1 << 2
			err = readName(d, m.Value, &e.Command)
		case "args":
			err = readStringList(d, m.Value, &e.Args)
		case "inputSchema":
			err = readJSONMap(d, m.Value, &e.InputSchema)
		case "permission":
			err = wire.ReadOptional(d, m.Value, &e.Permission, readPluginToolPermission)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b101, pluginToolFields); err != nil {
		return err
	}
	return nil
}

// PluginPath is a file or folder inside the plugin (a skill or a prompt).
type PluginPath struct {
	// Name holds the its name (same character rules as the plugin id).
	Name string `json:"name"`
	// Description reports what it is for (non-empty when present).
	Description *string `json:"description,omitempty"`
	// Path is a path relative to the plugin folder; it must stay inside it.
	Path string `json:"path"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetName returns Name, or "" for a nil *PluginPath.
func (e *PluginPath) GetName() (v string) {
	if e != nil {
		v = e.Name
	}
	return v
}

// GetDescription returns Description, or "" when it is absent.
func (e *PluginPath) GetDescription() (v string) {
	if e != nil && e.Description != nil {
		v = *e.Description
	}
	return v
}

// GetPath returns Path, or "" for a nil *PluginPath.
func (e *PluginPath) GetPath() (v string) {
	if e != nil {
		v = e.Path
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginPath) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("name", e.Name)
	wire.Optional(&w, "description", e.Description, (*wire.Writer).String)
	w.String("path", e.Path)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginPath))
}

// UnmarshalJSON decodes one PluginPath with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginPath) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginPath)
}

var pluginPathFields = []string{"name", "description", "path"}

func decodePluginPath(d *wire.Decoder, obj []byte, e *PluginPath) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "name":
			seen |= 1 << 0
			err = readID(d, m.Value, &e.Name)
		case "description":
			err = wire.ReadOptional(d, m.Value, &e.Description, readName)
		case "path":
			seen |= 1 << 2
			err = readName(d, m.Value, &e.Path)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b101, pluginPathFields); err != nil {
		return err
	}
	return nil
}

// PluginHook is a command Zero runs on a lifecycle event, as a hook from Zero's configuration would
// be.
type PluginHook struct {
	// Name is the hook's name (same character rules as the plugin id).
	Name string `json:"name"`
	// Description reports what the hook does (non-empty when present).
	Description *string `json:"description,omitempty"`
	// Event reports when it runs.
	Event PluginHookEvent `json:"event"`
	// Command is the program to run.
	Command string `json:"command"`
	// Args holds the its arguments.
	Args []string `json:"args,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetName returns Name, or "" for a nil *PluginHook.
func (e *PluginHook) GetName() (v string) {
	if e != nil {
		v = e.Name
	}
	return v
}

// GetDescription returns Description, or "" when it is absent.
func (e *PluginHook) GetDescription() (v string) {
	if e != nil && e.Description != nil {
		v = *e.Description
	}
	return v
}

// GetEvent returns Event, or "" for a nil *PluginHook.
func (e *PluginHook) GetEvent() (v PluginHookEvent) {
	if e != nil {
		v = e.Event
	}
	return v
}

// GetCommand returns Command, or "" for a nil *PluginHook.
func (e *PluginHook) GetCommand() (v string) {
	if e != nil {
		v = e.Command
	}
	return v
}

// GetArgs returns Args, or nil when it is absent.
func (e *PluginHook) GetArgs() []string {
	if e == nil {
		return nil
	}
	return e.Args
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginHook) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	w.String("name", e.Name)
	wire.Optional(&w, "description", e.Description, (*wire.Writer).String)
	w.String("event", string(e.Event))
	w.String("command", e.Command)
	if e.Args != nil {
		w.Value("args", e.Args)
	}
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginHook))
}

// UnmarshalJSON decodes one PluginHook with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginHook) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginHook)
}

var pluginHookFields = []string{"name", "description", "event", "command", "args"}

func decodePluginHook(d *wire.Decoder, obj []byte, e *PluginHook) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	var seen uint64
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "name":
			seen |= 1 << 0
			err = readID(d, m.Value, &e.Name)
		case "description":
			err = wire.ReadOptional(d, m.Value, &e.Description, readName)
		case "event":
			seen |= 1 << 2
			err = readPluginHookEvent(d, m.Value, &e.Event)
		case "command":
			seen |= 1 << 3
			err = readName(d, m.Value, &e.Command)
		case "args":
			err = readStringList(d, m.Value, &e.Args)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	if err := wire.Required(seen, 0b1101, pluginHookFields); err != nil {
		return err
	}
	return nil
}

// PluginAuthor reports who made the plugin (metadata).
type PluginAuthor struct {
	// Name is the author's name.
	Name *string `json:"name,omitempty"`
	// Email is a contact address.
	Email *string `json:"email,omitempty"`
	// URL is a web page.
	URL *string `json:"url,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetName returns Name, or "" when it is absent.
func (e *PluginAuthor) GetName() (v string) {
	if e != nil && e.Name != nil {
		v = *e.Name
	}
	return v
}

// GetEmail returns Email, or "" when it is absent.
func (e *PluginAuthor) GetEmail() (v string) {
	if e != nil && e.Email != nil {
		v = *e.Email
	}
	return v
}

// GetURL returns URL, or "" when it is absent.
func (e *PluginAuthor) GetURL() (v string) {
	if e != nil && e.URL != nil {
		v = *e.URL
	}
	return v
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginAuthor) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	wire.Optional(&w, "name", e.Name, (*wire.Writer).String)
	wire.Optional(&w, "email", e.Email, (*wire.Writer).String)
	wire.Optional(&w, "url", e.URL, (*wire.Writer).String)
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginAuthor))
}

// UnmarshalJSON decodes one PluginAuthor with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginAuthor) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginAuthor)
}

func decodePluginAuthor(d *wire.Decoder, obj []byte, e *PluginAuthor) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "name":
			err = wire.ReadOptional(d, m.Value, &e.Name, wire.ReadString)
		case "email":
			err = wire.ReadOptional(d, m.Value, &e.Email, wire.ReadString)
		case "url":
			err = wire.ReadOptional(d, m.Value, &e.URL, wire.ReadString)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	return nil
}

// PluginInterface reports how the plugin shows in a user interface (metadata).
type PluginInterface struct {
	// DisplayName is the name to show.
	DisplayName *string `json:"displayName,omitempty"`
	// Category is a category to file it under.
	Category *string `json:"category,omitempty"`
	// BrandColor is a color, e.g. `#3366ff`.
	BrandColor *string `json:"brandColor,omitempty"`
	// DefaultPrompts holds the prompts to suggest (Zero also reads `defaultPrompt`).
	DefaultPrompts []string `json:"defaultPrompts,omitempty"`
	// Extra holds unknown fields kept by a lenient decode; MarshalJSON writes them back.
	Extra map[string]json.RawMessage `json:"-"`
}

// GetDisplayName returns DisplayName, or "" when it is absent.
func (e *PluginInterface) GetDisplayName() (v string) {
	if e != nil && e.DisplayName != nil {
		v = *e.DisplayName
	}
	return v
}

// GetCategory returns Category, or "" when it is absent.
func (e *PluginInterface) GetCategory() (v string) {
	if e != nil && e.Category != nil {
		v = *e.Category
	}
	return v
}

// GetBrandColor returns BrandColor, or "" when it is absent.
func (e *PluginInterface) GetBrandColor() (v string) {
	if e != nil && e.BrandColor != nil {
		v = *e.BrandColor
	}
	return v
}

// GetDefaultPrompts returns DefaultPrompts, or nil when it is absent.
func (e *PluginInterface) GetDefaultPrompts() []string {
	if e == nil {
		return nil
	}
	return e.DefaultPrompts
}

// MarshalJSON writes the present fields and the kept unknown fields, and fails on a value
// Decode would reject.
func (e PluginInterface) MarshalJSON() ([]byte, error) {
	var w wire.Writer
	wire.Optional(&w, "displayName", e.DisplayName, (*wire.Writer).String)
	wire.Optional(&w, "category", e.Category, (*wire.Writer).String)
	wire.Optional(&w, "brandColor", e.BrandColor, (*wire.Writer).String)
	if e.DefaultPrompts != nil {
		w.Value("defaultPrompts", e.DefaultPrompts)
	}
	w.Extra(e.Extra)
	return w.Finish(wire.Check(decodePluginInterface))
}

// UnmarshalJSON decodes one PluginInterface with the rules of Decode (lenient: unknown fields go
// to Extra).
func (e *PluginInterface) UnmarshalJSON(data []byte) error {
	return wire.UnmarshalValue(data, e, decodePluginInterface)
}

func decodePluginInterface(d *wire.Decoder, obj []byte, e *PluginInterface) error {
	if err := wire.CheckObject(obj); err != nil {
		return err
	}
	for m := wire.MembersOf(obj); m.Next(); {
		var err error
		switch string(m.Key) {
		case "displayName":
			err = wire.ReadOptional(d, m.Value, &e.DisplayName, wire.ReadString)
		case "category":
			err = wire.ReadOptional(d, m.Value, &e.Category, wire.ReadString)
		case "brandColor":
			err = wire.ReadOptional(d, m.Value, &e.BrandColor, wire.ReadString)
		case "defaultPrompts":
			err = readStringList(d, m.Value, &e.DefaultPrompts)
		default:
			err = d.Unknown(&e.Extra, &m)
		}
		if err != nil {
			return wire.Prefix(err, m.KeyString())
		}
	}
	return nil
}

func readID(d *wire.Decoder, raw []byte, out *string) error {
	if err := wire.ReadString(d, raw, out); err != nil {
		return err
	}
	return wire.CheckString(*out, -1, pattern0)
}

func readName(d *wire.Decoder, raw []byte, out *string) error {
	if err := wire.ReadString(d, raw, out); err != nil {
		return err
	}
	return wire.CheckString(*out, -1, pattern1)
}

func readPluginToolList(d *wire.Decoder, raw []byte, out *[]PluginTool) error {
	return wire.ReadArray(d, raw, out, -1, decodePluginTool)
}

func readPluginPathList(d *wire.Decoder, raw []byte, out *[]PluginPath) error {
	return wire.ReadArray(d, raw, out, -1, decodePluginPath)
}

func readPluginHookList(d *wire.Decoder, raw []byte, out *[]PluginHook) error {
	return wire.ReadArray(d, raw, out, -1, decodePluginHook)
}

func readStringList(d *wire.Decoder, raw []byte, out *[]string) error {
	return wire.ReadArray(d, raw, out, -1, wire.ReadString)
}

func readJSONMap(d *wire.Decoder, raw []byte, out *map[string]json.RawMessage) error {
	return wire.ReadMap(d, raw, out, wire.ReadJSON)
}

// SchemaVersion is the manifest format version these types describe.
const SchemaVersion = 1

// DecodeManifest reads the text of a plugin.json. Unknown keys are kept in Extra (Zero ignores
// them). Errors are *wire.ProtocolError naming the field.
func DecodeManifest(data []byte) (*PluginManifest, error) {
	var m PluginManifest
	if err := wire.UnmarshalValue(data, &m, decodePluginManifest); err != nil {
		return nil, err
	}
	return &m, nil
}
