package zero

import (
	"fmt"
	"reflect"
	"testing"
)

// Every exec option of Client reaches its `zero exec` flag (one table, every mismatch reported).
func TestEveryExecOptionReachesTheArgv(t *testing.T) {
	table := []struct {
		client Client
		flags  []string
	}{
		{Client{Model: "m"}, []string{"--model", "m"}},
		{Client{Mode: "fast"}, []string{"--mode", "fast"}},
		{Client{ExecProfile: "thorough"}, []string{"--exec-profile", "thorough"}},
		{Client{ReasoningEffort: "high"}, []string{"--reasoning-effort", "high"}},
		{Client{Auto: "medium"}, []string{"--auto", "medium"}},
		{Client{PermissionMode: "plan"}, []string{"--permission-mode", "plan"}},
		{Client{MaxTurns: 7}, []string{"--max-turns", "7"}},
		{Client{WorktreeDir: "/w"}, []string{"--worktree-dir", "/w"}},
		{Client{Tag: "nightly"}, []string{"--tag", "nightly"}},
		{Client{SessionTitle: "Fix it"}, []string{"--session-title", "Fix it"}},
		{Client{InitSessionID: "s0"}, []string{"--init-session-id", "s0"}},
		{Client{Fork: "s1"}, []string{"--fork", "s1"}},
		{Client{EnabledTools: []string{"read_file", "grep"}}, []string{"--enabled-tools", "read_file,grep"}},
		{Client{DisabledTools: []string{"exec_command"}}, []string{"--disabled-tools", "exec_command"}},
		{Client{Images: []string{"a.png", "b.png"}}, []string{"--image", "a.png", "--image", "b.png"}},
		{Client{AddDirs: []string{"/x", "/y"}}, []string{"--add-dir", "/x", "--add-dir", "/y"}},
		{Client{Plan: true}, []string{"--plan"}},
		{Client{SkipPermissionsUnsafe: true}, []string{"--skip-permissions-unsafe"}},
		{Client{AllowEscalation: true}, []string{"--allow-escalation"}},
		{Client{SelfCorrect: true}, []string{"--self-correct"}},
		{Client{NoCompletionGate: true}, []string{"--no-completion-gate"}},
		{Client{Worktree: true}, []string{"--worktree"}},
		{Client{WorktreeName: "feature"}, []string{"--worktree=feature"}},
		{Client{ResumeLatest: true}, []string{"--resume"}},
		{Client{Resume: "s2"}, []string{"--resume", "s2"}},
	}
	base := (&Client{}).ExecArgs()
	var problems []string
	for _, row := range table {
		got := row.client.ExecArgs()[len(base):]
		if !reflect.DeepEqual(got, row.flags) {
			problems = append(problems, fmt.Sprintf("%+v: %q != %q", row.flags, got, row.flags))
		}
	}
	if len(problems) > 0 {
		t.Fatalf("options that do not reach the argv:\n%v", problems)
	}
}

// A session's first turn creates its id, later turns resume it, a fork's first turn forks.
func TestSessionTurnFlags(t *testing.T) {
	client := &Client{Resume: "ignored", Model: "m"}
	session := client.Session("")
	first := session.turnClient()
	if first.InitSessionID != session.ID() || first.Resume != "" || first.Fork != "" || first.Model != "m" {
		t.Fatalf("first turn: %+v", first)
	}
	second := session.turnClient()
	if second.Resume != session.ID() || second.InitSessionID != "" {
		t.Fatalf("second turn: %+v", second)
	}
	fork, err := session.Fork()
	if err != nil {
		t.Fatal(err)
	}
	forked := fork.turnClient()
	if forked.Fork != session.ID() || forked.InitSessionID != fork.ID() || fork.ID() == session.ID() {
		t.Fatalf("fork turn: %+v", forked)
	}
	if _, err := client.Session("").Fork(); err == nil {
		t.Fatal("Fork of a session without a turn did not fail")
	}
}
