// Package consumed tracks which settings of azure-arm.yaml the stages read, so that a setting
// that has no effect (misplaced, or not implemented) is reported instead of silently ignored.
package consumed

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// Settings holds the config paths of the $-settings that some stage read.
type Settings map[string]bool

// Dump lists the consumed settings, for --debug-stage.
func (c Settings) Dump(w io.Writer) error {
	for _, p := range slices.Sorted(maps.Keys(c)) {
		if _, err := fmt.Fprintln(w, p); err != nil {
			return err
		}
	}
	return nil
}

// With returns the settings plus those at these config paths (as config.Setting.Path spells
// them, e.g. objectModelConfiguration.network.2020-11-01.VirtualNetwork.$export). Every stage
// that reads a setting records it, whether or not the file holds the setting; the final stage
// check-config-consumed fails on the settings in the file that nobody recorded.
func (c Settings) With(paths ...string) Settings {
	if len(paths) == 0 {
		return c
	}
	set := make(Settings, len(c)+len(paths))
	maps.Copy(set, c)
	for _, p := range paths {
		set[p] = true
	}
	return set
}

// Paths returns the config paths of the named settings of a type or property entry
// (path is TypeConfig.Path or PropertyConfig.Path), for With.
func Paths(path string, names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = path + "." + n
	}
	return out
}

// unusedWhy explains, for settings that are often left unused, why and what to do; a stage that
// starts implementing one simply consumes it. Other settings get a generic message.
var unusedWhy = map[string]string{
	"$azureGeneratedSecrets": "$azureGeneratedSecrets has no effect here: only an exported resource exports secrets; export the type or remove the setting",
	"$generatedConfigs":      "$generatedConfigs has no effect here: only an exported resource exports config-map values; export the type or remove the setting",
	"$defaultAzureName":      "$defaultAzureName has no effect here: only an exported resource has an azureName; export the type or remove the setting",
	"$importable":            "$importable has no effect here: only an exported resource can be imported; export the type or remove the setting",
	"$isHub":                 "$isHub has no effect here: only an exported resource has a hub version; export the type or remove the setting",
	"$keptInParent":          "$keptInParent has no effect here: it tells how an exported parent resource holds, in its own body, a child exported as a kind; this type is no such child (not exported, its parent not exported, or not embedded in its parent's body), so remove the setting",
}

// Unconsumed reports the first setting of the file that no stage read in file order, and how many more there are.
func Unconsumed(cfg *config.Config, consumed Settings) error {
	var left []config.Setting
	for _, st := range cfg.Settings() {
		if !consumed[st.Path] {
			left = append(left, st)
		}
	}
	if len(left) == 0 {
		return nil
	}
	slices.SortStableFunc(left, func(a, b config.Setting) int {
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line - b.Pos.Line
		}
		return a.Pos.Column - b.Pos.Column
	})
	first := left[0]
	name := first.Path[strings.LastIndex(first.Path, ".")+1:]
	msg, ok := unusedWhy[name]
	if !ok {
		msg = fmt.Sprintf("no stage used %s, so it has no effect; remove it or check where it is placed", name)
	}
	if more := len(left) - 1; more > 0 {
		var lines []string
		for _, st := range left[1:min(len(left), 4)] {
			lines = append(lines, fmt.Sprintf("line %d", st.Pos.Line))
		}
		if more > 3 {
			lines = append(lines, "…")
		}
		msg += fmt.Sprintf(" (%d more unused setting(s): %s)", more, strings.Join(lines, ", "))
	}
	return config.NewError(cfg, first.Path, first.Pos, msg, "")
}
