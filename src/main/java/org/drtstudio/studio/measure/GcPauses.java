package org.drtstudio.studio.measure;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JVM's stop-the-world collections, as the collectors report them: the longest since the last
 * reset. A pause stops the FX thread like any other stall, so the responsiveness probe prints it
 * beside the FX thread's longest stall to tell a collection from the studio's own work.
 * Concurrent collector activity (G1's marking, ZGC's cycles) does not stop threads and is left out.
 */
public final class GcPauses {
    private final AtomicLong longest = new AtomicLong();
    private final AtomicLong count = new AtomicLong();
    private final NotificationListener listener = this::collected;

    public void start() {
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (stopsThreads(bean.getName()) && bean instanceof NotificationEmitter emitter)
                emitter.addNotificationListener(listener, null, null);
        }
    }

    /** "G1 Young Generation", "G1 Old Generation", "ZGC Pauses", ... but not "ZGC Cycles" or "G1 Concurrent GC". */
    static boolean stopsThreads(String collector) {
        return !collector.contains("Cycles") && !collector.contains("Concurrent");
    }

    private void collected(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) return;
        var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        longest.accumulateAndGet(info.getGcInfo().getDuration(), Math::max);
        count.incrementAndGet();
    }

    /** The longest pause since the last reset, in milliseconds. */
    public long longestMillis() {
        return longest.get();
    }

    /** Pauses since the last reset. */
    long count() {
        return count.get();
    }

    public void reset() {
        longest.set(0);
        count.set(0);
    }
}
