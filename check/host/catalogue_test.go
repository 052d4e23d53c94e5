package host

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryRuleHasEvidence holds the whole catalogue to its promise: every
// effect names a known host, says what the host does and what to change,
// has at least one source with its ref and date and the version or date it
// was seen; a host no effect covers is unknown only with a sentence saying
// what is not known; every rule has exactly one detector, and a live one
// is marked Live.
func TestEveryRuleHasEvidence(t *testing.T) {
	t.Parallel()
	for _, r := range Rules() {
		if r.ID == "" || !strings.HasSuffix(r.Summary, ".") {
			t.Errorf("%q: no id or summary sentence", r.ID)
		}
		detectors := 0
		for _, set := range []bool{r.detect != nil, r.detectIn != nil, r.detectLists != nil, r.detectResult != nil} {
			if set {
				detectors++
			}
		}
		if detectors != 1 {
			t.Errorf("%s: %d detectors, want 1", r.ID, detectors)
		}
		if live := r.detectLists != nil || r.detectResult != nil; live != r.Live {
			t.Errorf("%s: Live is %v with a live detector %v", r.ID, r.Live, live)
		}
		if (r.Others == Unknown || r.Declined == Unknown) && !strings.Contains(r.NotKnown, "HOST") {
			t.Errorf("%s: a host may be unknown but NotKnown %q names no HOST", r.ID, r.NotKnown)
		}
		for _, e := range r.Effects {
			checkEffect(t, r.ID, e)
		}
	}
}

func checkEffect(t *testing.T, rule string, e Effect) {
	t.Helper()
	h, ok := Lookup(e.Host)
	if !ok {
		t.Errorf("%s: an effect for the unknown host %q", rule, e.Host)
		return
	}
	if e.Verdict == Unknown || e.Does == "" || e.Seen == "" || e.Verdict != Works && e.Fix == "" {
		t.Errorf("%s in %s: incomplete effect (verdict %v, does %q, fix %q, seen %q)", rule, e.Host, e.Verdict, e.Does, e.Fix, e.Seen)
	}
	if e.Via != "" && !h.Chooses() && (len(h.Models) != 1 || h.Models[0] != e.Via) {
		t.Errorf("%s in %s: via %s, a model the host does not use", rule, e.Host, e.Via)
	}
	if len(e.Sources) == 0 {
		t.Errorf("%s in %s: no source", rule, e.Host)
	}
	for _, s := range e.Sources {
		if strings.TrimSpace(s.Ref) == "" || strings.TrimSpace(s.Date) == "" {
			t.Errorf("%s in %s: a source without its ref or date: %+v", rule, e.Host, s)
		}
	}
}

// topRules are the 30 rules the catalogue ranks as mattering most, by the
// ids this package gives them, and whether each needs a live server.
var topRules = map[string]bool{
	"schema.input.root-not-object": false, "schema.input.root-combinator": false, "name.charset": false,
	"name.len.prefixed-64": false, "name.len.cursor-60": false, "name.len.raw-64": false,
	"schema.output.root-not-object": false, "schema.boolean-subschema": false, "schema.array-missing-items": false,
	"schema.object-missing-properties": false, "lifecycle.2026-07-28.cache-fields": true, "tools.count.limit": false,
	"desc.len.2048": false, "schema.size.16k": false, "result.structured-shadows-content": true,
	"result.outputschema-without-structured": true, "result.size": true, "gemini.enum-non-string": false,
	"gemini.type-array": false, "gemini.additionalProperties": false, "gemini.$schema": false, "schema.$ref": false,
	"schema.cyclic-ref": false, "gemini.anyOf-siblings": false, "gemini.unsupported-keywords": false,
	"schema.untyped-property": false, "protocol.list-pagination": true, "desc.missing": false,
	"visibility.app-only": false, "annotations.readOnlyHint-missing": false,
}

// TestTopRulesCovered: each of the 30 is in the catalogue, a static one is
// planted in a fixture file (whose verdicts TestPlanted checks), a live
// one is judged from what a server answers.
func TestTopRulesCovered(t *testing.T) {
	t.Parallel()
	if len(topRules) != 30 {
		t.Fatalf("%d top rules listed, want 30", len(topRules))
	}
	plantedIDs := map[string]bool{}
	files, _ := filepath.Glob("testdata/planted-*.json")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var p planted
		if err := json.Unmarshal(data, &p); err != nil {
			t.Fatal(err)
		}
		for _, ids := range p.Plants {
			for _, id := range ids {
				plantedIDs[id] = true
			}
		}
	}
	byID := map[string]Rule{}
	for _, r := range Rules() {
		byID[r.ID] = r
	}
	for id, live := range topRules {
		r, ok := byID[id]
		switch {
		case !ok:
			t.Errorf("%s is not in the catalogue", id)
		case r.Live != live:
			t.Errorf("%s: live %v, want %v", id, r.Live, live)
		case !live && !plantedIDs[id]:
			t.Errorf("%s is planted in no testdata/planted-*.json", id)
		}
	}
}

// TestViewNamesRegisteredRules: a change View annotates with a rule names
// one the catalogue has, so a person can look it up with hosts --rules.
func TestViewNamesRegisteredRules(t *testing.T) {
	t.Parallel()
	have := map[string]bool{}
	for _, r := range Rules() {
		have[r.ID] = true
	}
	for _, id := range viewRules {
		if !have[id] {
			t.Errorf("the view may name %q, which the catalogue lacks", id)
		}
	}
}
