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
	out, err := exec.Command("go", "list", "-deps", "github.com/toolbench/toolbench/cmd/toolbench").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/spf13/cobra/doc", "md2man", "blackfriday", "go.yaml.in/yaml/v3"} {
			if strings.Contains(pkg, banned) {
				t.Errorf("toolbench links %s, which only the man-page generator needs", pkg)
			}
		}
	}
}
