// Package charts carries the Helm chart charts/armgen inside the binaries that render it, so
// `armctl export template` prints what the chart of its own build renders, with no chart to
// download. The chart is the one source of the install YAML: config/ is rendered from it
// (internal/helmchart).
package charts

import "embed"

// FS holds armgen/, the chart ("all:" keeps _helpers.tpl, which a plain pattern would skip).
//
//go:embed all:armgen
var FS embed.FS

// Root is the chart's folder in FS.
const Root = "armgen"
