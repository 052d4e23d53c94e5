package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestProductLinksNoManGenerator: the man pages are made by
// cmd/toolbench-man, so cobra's generator and the markdown and YAML
// libraries it brings are not in every user's toolbench.
func TestProductLinksNoManGenerator(t *testing.T) {
	t.Parallel()
	for _, pkg := range productDeps(t) {
		for _, banned := range []string{"github.com/spf13/cobra/doc", "md2man", "blackfriday", "go.yaml.in/yaml/v3"} {
			if strings.Contains(pkg, banned) {
				t.Errorf("toolbench links %s, which only the man-page generator needs", pkg)
			}
		}
	}
}

// TestProductLinksNoTestHelpers: the servers, harnesses and fakes the
// tests share are not part of what a user runs.
func TestProductLinksNoTestHelpers(t *testing.T) {
	t.Parallel()
	const mod = "github.com/toolbench/toolbench/"
	for _, pkg := range productDeps(t) {
		for _, banned := range []string{"internal/fixture", "internal/testkit", "internal/peer", "cli/reach/reachtest", "ui/internal/screentest"} {
			if pkg == mod+banned || strings.HasPrefix(pkg, mod+banned+"/") {
				t.Errorf("toolbench links %s, which only the tests need", pkg)
			}
		}
	}
}

// productDeps is every package the toolbench binary links.
func productDeps(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "github.com/toolbench/toolbench/cmd/toolbench").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	return strings.Fields(string(out))
}
