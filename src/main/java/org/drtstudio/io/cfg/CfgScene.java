package org.drtstudio.io.cfg;

import org.drtstudio.io.ImportResult;

/** A cfg scene as read, and the processor its file asks for (which is no part of the scene). */
public record CfgScene(ImportResult result, CfgDevice device) {
}
