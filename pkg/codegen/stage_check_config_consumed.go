package codegen

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/armgen/armgen/pkg/codegen/config"
	"github.com/armgen/armgen/pkg/codegen/pipeline"
)

// consumedSettings holds the config paths of the $-settings that some stage read.
type consumedSettings map[string]bool

// Dump lists the consumed settings, for --debug-stage.
func (c consumedSettings) Dump(w io.Writer) error {
	for _, p := range slices.Sorted(maps.Keys(c)) {
		if _, err := fmt.Fprintln(w, p); err != nil {
			return err
		}
	}
	return nil
}

// consume records that a stage read the settings at these config paths (as config.Setting.Path
// spells them, e.g. objectModelConfiguration.network.2020-11-01.VirtualNetwork.$export). Every
// stage that reads a setting calls it, whether or not the file holds the setting; the final
// stage check-config-consumed fails on the settings in the file that nobody recorded.
func consume(s pipeline.State, paths ...string) pipeline.State {
	if len(paths) == 0 {
		return s
	}
	old, _ := pipeline.Get(s, consumedKey)
	set := make(consumedSettings, len(old)+len(paths))
	maps.Copy(set, old)
	for _, p := range paths {
		set[p] = true
	}
	return pipeline.With(s, consumedKey, set)
}

// settingPaths returns the config paths of the named settings of a type or property entry
// (path is TypeConfig.Path or PropertyConfig.Path), for consume.
func settingPaths(path string, names ...string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = path + "." + n
	}
	return out
}

// unusedWhy explains, for settings that are often left unused, why and what to do; a stage that
// starts implementing one simply consumes it. Other settings get a generic message.
var unusedWhy = map[string]string{
	"$azureGeneratedSecrets": "$azureGeneratedSecrets is not supported yet: exporting secrets Azure generates is not implemented; remove the setting",
	"$isHub":                 "$isHub has no effect here: only an exported resource has a hub version; export the type or remove the setting",
}

// checkConfigConsumed fails on every $-setting of azure-arm.yaml that no stage read: a setting
// that has no effect is a mistake the user should hear about. It runs last, after every stage
// that may consume settings.
func checkConfigConsumed() pipeline.Stage {
	return pipeline.MakeStage("check-config-consumed", "Fail on azure-arm.yaml settings that no stage used", func(ctx context.Context, s pipeline.State) (pipeline.State, error) {
		if all, _ := pipeline.Get(s, allKey); all {
			return s, nil // --all generates from made-up entries, not from the file's
		}
		cfg, _ := pipeline.Get(s, configKey)
		consumed, _ := pipeline.Get(s, consumedKey)
		return s, unconsumedError(cfg, consumed)
	}, "apply-config")
}

// unconsumedError reports the first unconsumed setting in file order, and how many more there are.
func unconsumedError(cfg *config.Config, consumed consumedSettings) error {
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
