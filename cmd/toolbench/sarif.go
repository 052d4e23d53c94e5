package main

import (
	"sort"
	"strings"

	"github.com/toolbench/toolbench/check"
)

// sarifLog renders findings as SARIF 2.1.0, which code-scanning services
// read. Findings point into tool objects, not files, so each result names
// the tool and JSON pointer as a logical location, and the tools file (when
// lint read one) as the artifact.
func sarifLog(findings []check.Finding, toolsFile string) map[string]any {
	results := make([]map[string]any, 0, len(findings))
	used := map[string]bool{}
	for _, f := range findings {
		used[f.Rule] = true
		loc := map[string]any{"logicalLocations": []map[string]any{{
			"fullyQualifiedName": f.Tool + f.Pointer, "name": f.Tool, "kind": "member"}}}
		if toolsFile != "" && toolsFile != "-" {
			loc["physicalLocation"] = map[string]any{"artifactLocation": map[string]any{"uri": toolsFile}}
		}
		text := strings.TrimSuffix(f.Message, ".") + "."
		if f.Fix != "" {
			text += " Fix: " + f.Fix
		}
		results = append(results, map[string]any{"ruleId": f.Rule, "level": sarifLevel(f.Severity),
			"message": map[string]any{"text": text}, "locations": []map[string]any{loc}})
	}
	var rules []map[string]any
	for _, r := range check.Rules() {
		if used[r.ID] {
			rules = append(rules, map[string]any{"id": r.ID, "shortDescription": map[string]any{"text": r.Summary},
				"defaultConfiguration": map[string]any{"level": sarifLevel(r.Severity)}})
		}
	}
	ids := make([]string, 0, len(used))
	for id := range used {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if !hasRule(rules, id) {
			// A rule without an entry in check.Rules still needs one here.
			rules = append(rules, map[string]any{"id": id})
		}
	}
	return map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []map[string]any{{
			"tool":    map[string]any{"driver": map[string]any{"name": "toolbench", "version": version, "informationUri": "https://github.com/toolbench/toolbench", "rules": orEmptyList(rules)}},
			"results": results,
		}},
	}
}

func hasRule(rules []map[string]any, id string) bool {
	for _, r := range rules {
		if r["id"] == id {
			return true
		}
	}
	return false
}

// sarifLevel maps severities onto SARIF's levels.
func sarifLevel(s check.Severity) string {
	switch s {
	case check.Error:
		return "error"
	case check.Warning:
		return "warning"
	}
	return "note"
}
