//go:build !unix

package client

import "os/exec"

// setProcessGroup is a no-op where process groups do not exist.
func setProcessGroup(*exec.Cmd) {}

// signalGroup kills the server process; there is no gentler signal here.
func signalGroup(cmd *exec.Cmd, _ bool) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// groupAlive reports false: without process groups only the server itself
// was started, and killing it is all there is.
func groupAlive(*exec.Cmd) bool { return false }
