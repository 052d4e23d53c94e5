package conformance

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// check is one entry of a scenario's checks.json, as the suite writes it.
type check struct {
	ID           string          `json:"id"`
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	Status       string          `json:"status"` // SUCCESS, FAILURE, WARNING, INFO or SKIPPED
	ErrorMessage string          `json:"errorMessage,omitempty"`
	Details      json.RawMessage `json:"details,omitempty"`
}

// Check statuses the verdict depends on.
const (
	statusSuccess = "SUCCESS"
	statusFailure = "FAILURE"
	statusWarning = "WARNING"
)

// errNothingPassed is a scenario whose checks hold no success: the suite
// calls 0 of 0 a pass, which would let a client that never reached the
// scenario's server pass.
var errNothingPassed = errors.New("no check passed")

// judge is nil when at least one check passed and none failed. Warnings do
// not fail a scenario (the caller logs them): the suite warns, for example,
// when a reconnection comes a little late on a loaded machine.
func judge(checks []check) error {
	passed, failed := 0, []string{}
	for _, c := range checks {
		switch c.Status {
		case statusSuccess:
			passed++
		case statusFailure:
			failed = append(failed, fmt.Sprintf("%s (%s): %s", c.ID, c.Description, c.ErrorMessage))
		}
	}
	switch {
	case len(failed) > 0:
		return fmt.Errorf("%d of %d checks failed:\n  %s", len(failed), len(checks), strings.Join(failed, "\n  "))
	case passed == 0:
		return fmt.Errorf("%w among %d checks", errNothingPassed, len(checks))
	}
	return nil
}

// readChecks reads the checks.json the suite wrote for scenario under dir
// (its -o folder), which holds one run: <scenario>-<timestamp>/checks.json.
func readChecks(dir, scenario string) ([]check, error) {
	found, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(scenario)+"-*", "checks.json"))
	if err != nil {
		return nil, fmt.Errorf("find checks.json: %w", err)
	}
	if len(found) != 1 {
		return nil, fmt.Errorf("want one checks.json for %s under %s, found %d", scenario, dir, len(found))
	}
	data, err := os.ReadFile(found[0])
	if err != nil {
		return nil, fmt.Errorf("read checks: %w", err)
	}
	var checks []check
	if err := json.Unmarshal(data, &checks); err != nil {
		return nil, fmt.Errorf("parse %s: %w", found[0], err)
	}
	return checks, nil
}
