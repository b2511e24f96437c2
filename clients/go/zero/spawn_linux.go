package zero

import (
	"os/exec"
	"runtime"
	"sync"
	"syscall"
)

// processAttributes puts the child in its own process group and ties its life to this
// process: Linux sends it SIGKILL when its parent dies (PR_SET_PDEATHSIG), so a client that
// is SIGKILLed leaves no `zero exec` behind.
func processAttributes() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// The parent-death signal fires when the *thread* that forked the child exits, not the
// process, and the Go runtime ends a thread when a goroutine locked to it exits. So every
// child is started from one goroutine that locks its thread and never returns: that thread
// lives as long as the process and runs nothing else.
var spawner struct {
	once     sync.Once
	requests chan func()
}

func startProcess(cmd *exec.Cmd) error {
	spawner.once.Do(func() {
		spawner.requests = make(chan func())
		go func() {
			runtime.LockOSThread() // never unlocked, on purpose
			for start := range spawner.requests {
				start()
			}
		}()
	})
	done := make(chan error, 1)
	spawner.requests <- func() { done <- cmd.Start() }
	return <-done
}
