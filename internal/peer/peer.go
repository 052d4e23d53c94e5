// Package peer installs and runs the official MCP reference servers from npm
// (server-everything, server-memory, server-filesystem) for tests: the real
// outside peers toolbench must work with, and the official conformance suite
// with the Node 22 it runs on. Packages are installed once into a
// cache directory shared by every test process; HTTP servers are started on
// a free port and reached on 127.0.0.1 only.
package peer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Version pins every reference server to the same npm release.
const Version = "2026.8.31"

// Reference servers on npm.
const (
	Everything = "@modelcontextprotocol/server-everything"
	Memory     = "@modelcontextprotocol/server-memory"
	Filesystem = "@modelcontextprotocol/server-filesystem"
)

// EnvCache overrides where packages are installed.
const EnvCache = "TOOLBENCH_PEER_CACHE"

// Entry installs pkg if needed and returns the path of its dist/index.js.
// When node or npm is missing the test fails (never skips) with what to
// install: CI must not pass by silently testing less.
func Entry(t testing.TB, pkg string) string {
	t.Helper()
	Node(t)
	return installed(t, pkg, Version, "dist/index.js")
}

// installed installs pkg@version into its own folder of the cache, once for
// every test process, and returns the path of the file rel inside the
// package.
func installed(t testing.TB, pkg, version, rel string) string {
	t.Helper()
	dir := filepath.Join(cacheDir(t), strings.ReplaceAll(pkg, "/", "+")+"@"+version)
	file := filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), filepath.FromSlash(rel))
	if _, err := os.Stat(file); err == nil {
		return file
	}
	if err := installLocked(dir, pkg+"@"+version); err != nil {
		t.Fatalf("install %s@%s for the peer tests: %v", pkg, version, err)
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("installed %s@%s but %s is missing: %v", pkg, version, file, err)
	}
	return file
}

// Node returns the path of node, failing the test with advice if absent.
func Node(t testing.TB) string {
	t.Helper()
	for _, tool := range []string{"npm", "node"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s not found on PATH: the peer tests run the official MCP servers from npm; "+
				"install Node.js 20 or newer with npm (Debian: apt-get install nodejs npm)", tool)
		}
	}
	p, _ := exec.LookPath("node")
	return p
}

func cacheDir(t testing.TB) string {
	if d := os.Getenv(EnvCache); d != "" {
		return d
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	d := filepath.Join(base, "toolbench-test", "npm")
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatalf("peer cache: %v", err)
	}
	return d
}

// installLocked runs npm install under a file lock: go test runs packages
// as parallel processes, and two npm installs into one folder corrupt it.
func installLocked(dir, spec string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return fmt.Errorf("lock %s: %w", dir, err)
	}
	defer syscall.Flock(int(lock.Fd()), syscall.LOCK_UN)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".package-lock.json")); err == nil {
		return nil // another process finished the install while we waited
	}
	cmd := exec.Command("npm", "install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", spec)
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm install %s: %w\n%s", spec, err, out)
	}
	return nil
}
