package client

import (
	"runtime"
	"strings"

	"github.com/toolbench/toolbench/target"
)

// inheritedEnv names the variables of toolbench's environment every stdio
// server gets. The list is the official MCP SDKs' (TypeScript and Python,
// after sudo's default env_keep): enough to find programs, a home and a
// terminal, and nothing that usually holds a credential. TMPDIR, LANG and
// LC_* (taken as a prefix) are added so servers find temporary space and
// speak the person's locale.
var inheritedEnv = []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "TMPDIR", "LANG", "LC_"}

// inheritedEnvWindows is the SDKs' list for Windows, where a process
// without SYSTEMROOT or the profile paths cannot even start.
var inheritedEnvWindows = []string{"APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PATHEXT",
	"PROCESSOR_ARCHITECTURE", "PROGRAMFILES", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "TMP", "USERNAME", "USERPROFILE"}

// serverEnv builds the environment of t's stdio server from toolbench's
// own (environ, as os.Environ gives it): the default list, or everything
// with t.InheritEnv, then t.Env on top. A "KEY=VAL" entry sets KEY; a bare
// "KEY" passes toolbench's value of KEY through and is dropped when
// toolbench has none (target.Parser refuses that at parse time). Later
// entries win: os/exec keeps the last value of a repeated key.
func serverEnv(t target.Target, environ []string) []string {
	own := make(map[string]string, len(environ))
	var env []string
	for _, kv := range environ {
		key, value, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		own[key] = value
		// The SDKs skip default values that are shell functions
		// ("() { ...}"): bash would import them into a server's shell.
		if t.InheritEnv || inherited(key) && !strings.HasPrefix(value, "()") {
			env = append(env, kv)
		}
	}
	for _, e := range t.Env {
		if strings.Contains(e, "=") {
			env = append(env, e)
		} else if value, ok := own[e]; ok {
			env = append(env, e+"="+value)
		}
	}
	return env
}

// inherited reports whether key is on the default list; Windows compares
// names without case, as it does itself.
func inherited(key string) bool {
	if runtime.GOOS == "windows" {
		for _, k := range inheritedEnvWindows {
			if strings.EqualFold(k, key) {
				return true
			}
		}
		return false
	}
	for _, k := range inheritedEnv {
		if key == k || strings.HasSuffix(k, "_") && strings.HasPrefix(key, k) {
			return true
		}
	}
	return false
}
