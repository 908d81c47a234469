// Package exporters turns a reconciled resource into the Secrets and ConfigMaps its
// spec.operatorSpec asks for, as Azure Service Operator v2 does: the values a kind declares
// (genruntime.Exporter: from its GET answer, or from a POST action such as listKeys, called
// once per export and only when a destination needs it), and the results of CEL expressions
// (genruntime.ExpressionExporter: secretExpressions and configMapExpressions over self, the
// resource at the version the user wrote, and secret, the raw values it exports).
//
// Exported objects live in the resource's namespace, are controlled by it (ownerReference) and
// written only when their content changes. One Secret or ConfigMap is written by one resource;
// see write for the collision rule. Values never appear in errors, logs or conditions.
package exporters
