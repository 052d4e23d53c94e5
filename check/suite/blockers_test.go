package suite

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/tool"
)

// TestBlockersAgree checks that lint and the provider views tell of one
// set of blockers: for every corpus tool and every provider, the findings
// that block the provider's converted form in `schema --as PROVIDER` are
// exactly the findings lint reports as blocking that provider, with the
// same rule, pointer, field, words and severity; and every other finding
// of the view but what a conversion only changes (convert- rules) is in
// lint too. (Lint once called create_order's three optional properties
// infos while the strict view called them blockers at severity error.)
func TestBlockersAgree(t *testing.T) {
	t.Parallel()
	checked := 0
	for _, tl := range corpusTools(t) {
		linted := Check([]tool.Tool{tl})
		for _, p := range provider.All() {
			_, converted, err := provider.Convert(tl, p)
			if err != nil {
				continue
			}
			want, got := blockerKeys(converted, p), blockerKeys(linted, p)
			if !slices.Equal(got, want) {
				t.Errorf("%s as %s: lint blocks with\n  %s\nthe %s view with\n  %s", tl.Name, p,
					strings.Join(got, "\n  "), p, strings.Join(want, "\n  "))
			}
			if missing := notIn(converted, linted); len(missing) > 0 {
				t.Errorf("%s as %s: lint lacks the view's\n  %s", tl.Name, p, strings.Join(missing, "\n  "))
			}
			checked += len(want)
		}
	}
	if checked == 0 {
		t.Fatal("the corpus has no blockers at all")
	}
	t.Logf("%d blockers compared", checked)
}

// TestCreateOrderBlocksStrict pins the case: the seed's
// create_order has three strict-mode blockers, its optional properties,
// and lint reports the same three, as infos (the seed's complete example
// must lint without errors or warnings).
func TestCreateOrderBlocksStrict(t *testing.T) {
	t.Parallel()
	var order tool.Tool
	for _, tl := range corpusTools(t) {
		if tl.Name == "create_order" {
			order = tl
			break
		}
	}
	var got []string
	for _, f := range Check([]tool.Tool{order}) {
		if slices.Contains(f.Blocks, string(provider.OpenAIStrict)) {
			got = append(got, f.Severity.String()+" "+f.Rule+" "+f.Field)
		}
		if f.Severity < check.Info {
			t.Errorf("create_order: %s %s at %s", f.Severity, f.Rule, f.Pointer)
		}
	}
	want := []string{
		"info compat-openai-strict-not-required /items/*/quantity",
		"info compat-openai-strict-not-required /payment_method",
		"info compat-openai-strict-not-required /note",
	}
	if !slices.Equal(got, want) {
		t.Errorf("create_order blocks openai-strict with %q, want %q", got, want)
	}
}

// blockerKeys names the findings that block p, sorted.
func blockerKeys(fs []check.Finding, p provider.Name) []string {
	var out []string
	for _, f := range fs {
		if slices.Contains(f.Blocks, string(p)) {
			out = append(out, fmt.Sprintf("%s %s %s %s field=%s: %s (%s)", f.Severity, f.Rule, f.Tool, f.Pointer, f.Field, f.Message, f.Fix))
		}
	}
	sort.Strings(out)
	return out
}

// notIn lists the findings of view, convert- rules aside, that lint lacks,
// compared without Blocks (lint's names every provider a finding blocks).
func notIn(view, linted []check.Finding) []string {
	key := func(f check.Finding) string {
		return fmt.Sprintf("%s %s %s field=%s: %s (%s)", f.Severity, f.Rule, f.Pointer, f.Field, f.Message, f.Fix)
	}
	have := map[string]bool{}
	for _, f := range linted {
		have[key(f)] = true
	}
	var out []string
	for _, f := range view {
		if !strings.HasPrefix(f.Rule, "convert-") && !have[key(f)] {
			out = append(out, key(f))
		}
	}
	return out
}
