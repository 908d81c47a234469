package explain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armgen/armgen/pkg/astmodel"
	"github.com/armgen/armgen/pkg/codegen/config"
)

// propertySetting is the config entry for a top-level property of the resource, when there is one.
func (e *Explanation) propertySetting(p *astmodel.Property) *config.PropertyConfig {
	if e.Type == nil || len(e.Path) != 2 {
		return nil
	}
	return e.Type.Property(p.ARMName)
}

// typeRenameSetting names the $renameTo setting that renamed the type whose swagger name is
// from, as the config spells its path.
func (e *Explanation) typeRenameSetting(from astmodel.TypeName) string {
	if v := e.cfg.Group(from.Package.Group).Version(e.Resource.APIVersion); v != nil {
		if tc := v.Type(from.Name); tc != nil {
			return tc.Path + ".$renameTo"
		}
	}
	return "$renameTo in " + e.cfg.File
}

// settings lists the settings of the resource's config entry and the type renames of its
// version that reach it, with their values and lines.
func (e *Explanation) settings() []string {
	if e.Type == nil {
		return nil
	}
	tc := e.Type
	out := []string{fmt.Sprintf("%s (%s:%d)", tc.Path, e.cfg.File, tc.Pos.Line)}
	for _, s := range e.cfg.Settings() {
		rel, ok := strings.CutPrefix(s.Path, tc.Path+".")
		if !ok {
			continue
		}
		out = append(out, fmt.Sprintf("  %s: %s (line %d)", rel, e.settingValue(rel), s.Pos.Line))
	}
	reach := astmodel.Reachable(e.defs, []astmodel.TypeName{e.Name})
	if v := e.cfg.Group(e.Name.Package.Group).Version(e.Resource.APIVersion); v != nil {
		for _, other := range v.Types {
			if other.RenameTo == "" || other.Exported() {
				continue
			}
			n := e.Name.Package.TypeName(other.RenameTo)
			if reach[n] || reach[n.WithName(n.Name+astmodel.StatusSuffix)] {
				out = append(out, fmt.Sprintf("%s.$renameTo: %s (line %d) renames a type this resource uses", other.Path, other.RenameTo, other.Pos.Line))
			}
		}
	}
	return out
}

// settingValue shows the value of a setting below the resource's config entry (rel is
// "$export" or "property.$isSecret").
func (e *Explanation) settingValue(rel string) string {
	tc := e.Type
	prop, name, nested := strings.Cut(rel, ".")
	if !nested {
		name = prop
		switch name {
		case "$export":
			return strconv.FormatBool(tc.Export)
		case "$exportAs":
			return tc.ExportAs
		case "$renameTo":
			return tc.RenameTo
		case "$isHub":
			return strconv.FormatBool(tc.IsHub)
		case "$keptInParent":
			return strconv.FormatBool(tc.KeptInParent)
		case "$azureGeneratedSecrets":
			return exportedValues(tc.AzureGeneratedSecrets)
		case "$generatedConfigs":
			return exportedValues(tc.GeneratedConfigs)
		case "$defaultAzureName":
			return tc.DefaultAzureName
		case "$importable":
			return strconv.FormatBool(!tc.NotImportable)
		}
		return "?"
	}
	pc := tc.Property(prop)
	if pc == nil {
		return "?"
	}
	switch name {
	case "$isSecret":
		return strconv.FormatBool(pc.IsSecret)
	case "$importSecretMode":
		if pc.NotSecret {
			return "never"
		}
		return "required"
	case "$referenceType":
		return pc.ReferenceType
	case "$renameTo":
		return pc.RenameTo
	case "$importConfigMapMode":
		return pc.ImportConfigMapMode
	case "$additionalEnumValues":
		return strings.Join(pc.AdditionalEnumValues, ", ")
	case "$removeFromSpec":
		return pc.RemoveFromSpec
	case "$enumAsString":
		return strconv.FormatBool(pc.EnumAsString)
	}
	return "?"
}

// exportedValues shows $azureGeneratedSecrets or $generatedConfigs: each name, with where it
// is when the entry says so.
func exportedValues(vs []config.ExportedValue) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Name
		if v.Explicit() {
			out[i] += ": " + v.Source()
		}
	}
	return "[" + strings.Join(out, ", ") + "]"
}
