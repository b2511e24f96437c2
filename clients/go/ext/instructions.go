package ext

// The run's instructions (Extensions.Instructions), through Zero's own mechanism: the user
// guidelines file. The same rules as the Python client (zero_client/extensions/instructions.py):
//
// Zero puts <user config dir>/zero/ZERO.md (the first entry named ZERO.md in any case) into the
// system prompt under "## User guidelines (ZERO.md)", trimmed and capped at 8 KiB, before the
// project's AGENTS.md/ZERO.md. The run's private configuration layer is that directory for the
// run, so the layer gets its own ZERO.md: the user's file (if any), then the instructions. When
// both do not fit the user's part is cut, so the instructions arrive whole; instructions longer
// than the cap alone are refused. The user's file is only read.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// GuidelinesCapBytes is Zero's cap on a guidelines file (maxProjectContextBytes).
const GuidelinesCapBytes = 8 << 10

const (
	guidelinesFile    = "ZERO.md"
	truncationMarker  = "\n… (truncated)"
	guidelinesDivider = "\n\n"
)

// checkInstructions returns the instructions as Zero will see them (trimmed), or an error when
// they cannot fit.
func checkInstructions(instructions string) (string, error) {
	text := strings.TrimSpace(instructions)
	if len(text) > GuidelinesCapBytes {
		return "", fmt.Errorf("zero ext: Instructions has %d bytes: Zero reads at most %d bytes of ZERO.md", len(text), GuidelinesCapBytes)
	}
	return text, nil
}

func usersGuidelines(realZero string) string {
	if realZero == "" {
		return ""
	}
	entries, err := os.ReadDir(realZero)
	if err != nil {
		return ""
	}
	names := make([]string, 0, len(entries))
	for _, entry := range entries {
		names = append(names, entry.Name())
	}
	sort.Strings(names)
	for _, name := range names {
		if !strings.EqualFold(name, guidelinesFile) {
			continue
		}
		path := filepath.Join(realZero, name)
		if info, err := os.Stat(path); err != nil || info.IsDir() {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(data))
	}
	return ""
}

// mergedGuidelines is the user's guidelines then the instructions, within Zero's cap (the
// user's part is cut, on a character boundary).
func mergedGuidelines(users, instructions string) (string, error) {
	text, err := checkInstructions(instructions)
	if err != nil || users == "" {
		return text, err
	}
	room := GuidelinesCapBytes - len(text) - len(guidelinesDivider)
	if len(users) > room {
		cut := max(0, room-len(truncationMarker))
		for cut > 0 && !utf8.RuneStart(users[cut]) {
			cut--
		}
		if cut > 0 {
			users = users[:cut] + truncationMarker
		} else {
			users = ""
		}
	}
	if users == "" {
		return text, nil
	}
	return users + guidelinesDivider + text, nil
}

// writeGuidelines puts the layer's ZERO.md in zeroDir in place of the links to the user's one.
func writeGuidelines(zeroDir, realZero, instructions string) error {
	entries, err := os.ReadDir(zeroDir)
	if err != nil {
		return err
	}
	for _, entry := range entries {
		if strings.EqualFold(entry.Name(), guidelinesFile) && entry.Type()&os.ModeSymlink != 0 {
			if err := os.Remove(filepath.Join(zeroDir, entry.Name())); err != nil {
				return err
			}
		}
	}
	content, err := mergedGuidelines(usersGuidelines(realZero), instructions)
	if err != nil {
		return err
	}
	file, err := os.OpenFile(filepath.Join(zeroDir, guidelinesFile), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := file.WriteString(content + "\n"); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}
