package root

import (
	"strings"
	"testing"
)

// TestTUILintAgreesWithStrictView: on the fixture's create_order, the Lint
// tab counts what `toolbench lint` counts and names the three findings that
// block the openai-strict form, and the Providers tab's openai-strict view
// calls the same three blockers.
func TestTUILintAgreesWithStrictView(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	target, _ := fixtureArgs(t)
	s := startTmux(t, 140, 40, append([]string{bin, "connect"}, target...)...)
	s.waitFor(e2eWait, "● ready", "Create order")
	s.keys("Enter") // create_order's form
	s.waitFor(e2eWait, "[Form]")
	s.keys("M-4")
	scr := s.waitFor(e2eWait, "[Lint]", "0 errors, 0 warnings, 10 infos · 3 findings block the openai-strict form")
	if strings.Contains(scr, "error   ") || strings.Contains(scr, "warning ") {
		t.Errorf("create_order lints without errors or warnings:\n%s", scr)
	}
	s.keys("M-5", "Right", "Right")
	s.waitFor(e2eWait, "[openai-strict]", "3 blockers")
}
