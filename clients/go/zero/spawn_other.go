//go:build !linux

package zero

import (
	"os/exec"
	"syscall"
)

// processAttributes puts the child in its own process group. Outside Linux there is no
// parent-death signal: a client that is SIGKILLed leaves the child running (a cancelled
// context or Close still ends the whole group).
func processAttributes() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}

func startProcess(cmd *exec.Cmd) error { return cmd.Start() }
