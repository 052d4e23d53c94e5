package suite

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check"
)

// SARIFLog is a SARIF 2.1.0 log: the subset toolbench writes, which
// code-scanning services read.
type SARIFLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []SARIFRun `json:"runs"`
}

// SARIFRun is one run of toolbench: the rules it reports and its results.
type SARIFRun struct {
	Tool    SARIFTool     `json:"tool"`
	Results []SARIFResult `json:"results"`
}

// SARIFTool describes toolbench as the analysis tool.
type SARIFTool struct {
	Driver SARIFDriver `json:"driver"`
}

// SARIFDriver names toolbench and lists the rules the results use.
type SARIFDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version"`
	InformationURI string      `json:"informationUri"`
	Rules          []SARIFRule `json:"rules"`
}

// SARIFRule is a rule's reportingDescriptor.
type SARIFRule struct {
	ID                   string            `json:"id"`
	ShortDescription     SARIFMessage      `json:"shortDescription"`
	DefaultConfiguration SARIFRuleDefaults `json:"defaultConfiguration"`
}

// SARIFRuleDefaults holds a rule's default level.
type SARIFRuleDefaults struct {
	Level string `json:"level"`
}

// SARIFMessage is a plain-text message.
type SARIFMessage struct {
	Text string `json:"text"`
}

// SARIFResult is one finding.
type SARIFResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   SARIFMessage    `json:"message"`
	Locations []SARIFLocation `json:"locations"`
}

// SARIFLocation places a finding: logically, as the tool and JSON pointer
// (findings point into tool objects, not files), and physically in the
// tools file when lint read one.
type SARIFLocation struct {
	LogicalLocations []SARIFLogicalLocation `json:"logicalLocations"`
	PhysicalLocation *SARIFPhysicalLocation `json:"physicalLocation,omitempty"`
}

// SARIFLogicalLocation names the tool and the pointer in it.
type SARIFLogicalLocation struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Name               string `json:"name"`
	Kind               string `json:"kind"`
}

// SARIFPhysicalLocation names the file the tools were read from.
type SARIFPhysicalLocation struct {
	ArtifactLocation SARIFArtifact `json:"artifactLocation"`
}

// SARIFArtifact is a file by URI.
type SARIFArtifact struct {
	URI string `json:"uri"`
}

// SARIF renders findings as a SARIF log. toolsFile is the file the tools
// were read from ("" or "-" for none); version is toolbench's. A finding
// whose rule no registry lists is an error: it is a bug in toolbench, and
// the log would describe a rule it cannot name.
func SARIF(findings []check.Finding, toolsFile, version string) (SARIFLog, error) {
	used := map[string]bool{}
	results := make([]SARIFResult, 0, len(findings))
	for _, f := range findings {
		if _, ok := Rule(f.Rule); !ok {
			return SARIFLog{}, fmt.Errorf("sarif: finding %q at %s names a rule no registry lists", f.Rule, f.Pointer)
		}
		used[f.Rule] = true
		results = append(results, sarifResult(f, toolsFile))
	}
	// The rules the results use, in the order the registries list them.
	rules := []SARIFRule{}
	for _, r := range Rules() {
		if used[r.ID] {
			rules = append(rules, SARIFRule{ID: r.ID, ShortDescription: SARIFMessage{r.Summary},
				DefaultConfiguration: SARIFRuleDefaults{sarifLevel(r.Severity)}})
		}
	}
	return SARIFLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []SARIFRun{{
			Tool: SARIFTool{Driver: SARIFDriver{Name: "toolbench", Version: version,
				InformationURI: "https://github.com/toolbench/toolbench", Rules: rules}},
			Results: results,
		}},
	}, nil
}

func sarifResult(f check.Finding, toolsFile string) SARIFResult {
	loc := SARIFLocation{LogicalLocations: []SARIFLogicalLocation{{
		FullyQualifiedName: f.Tool + f.Pointer, Name: f.Tool, Kind: "member"}}}
	if toolsFile != "" && toolsFile != "-" {
		loc.PhysicalLocation = &SARIFPhysicalLocation{ArtifactLocation: SARIFArtifact{URI: toolsFile}}
	}
	text := strings.TrimSuffix(f.Message, ".") + "."
	if f.Fix != "" {
		text += " Fix: " + f.Fix
	}
	return SARIFResult{RuleID: f.Rule, Level: sarifLevel(f.Severity), Message: SARIFMessage{text},
		Locations: []SARIFLocation{loc}}
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
