package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// mcptoolsModule is the peer measured beside toolbench: a Go MCP client
// built on mcp-go, whose `tools` and `call` do what toolbench's do.
const (
	mcptoolsModule  = "github.com/f/mcptools/cmd/mcptools"
	mcptoolsVersion = "v0.7.1"
)

// findMcptools returns the mcptools binary to time: the one named, else one
// built earlier into the cache, else one built now from the Go module proxy
// into the cache. It returns "" with the reason when none can be had, and
// the run goes on without that peer.
func findMcptools(named string) (string, string) {
	if named != "" {
		if _, err := os.Stat(named); err != nil {
			return "", fmt.Sprintf("-mcptools %s: %v", named, err)
		}
		return named, ""
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Sprintf("no cache directory for mcptools: %v", err)
	}
	dir := filepath.Join(base, "toolbench-bench", "mcptools-"+mcptoolsVersion)
	bin := filepath.Join(dir, "mcptools")
	if _, err := os.Stat(bin); err == nil {
		return bin, ""
	}
	cmd := exec.Command("go", "install", mcptoolsModule+"@"+mcptoolsVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Sprintf("go install %s@%s failed (%v): %s; give a built one with -mcptools PATH",
			mcptoolsModule, mcptoolsVersion, err, lastLine(out))
	}
	return bin, ""
}

func lastLine(out []byte) string {
	s := strings.TrimSpace(string(out))
	return s[strings.LastIndex(s, "\n")+1:]
}
