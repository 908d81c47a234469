// Package helmchart loads the chart embedded in the binary (charts.FS) and renders it as
// `helm template` does, with Helm's own engine, so `armctl export template` and `helm template`
// print the same YAML for the same values, and config/ can be rendered from the chart.
package helmchart
