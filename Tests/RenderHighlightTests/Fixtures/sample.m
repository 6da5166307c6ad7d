#import <Foundation/Foundation.h>

// A counter.
@interface Counter : NSObject
@property (nonatomic) NSInteger count;
@end

@implementation Counter
- (void)increment { self.count += 7; NSLog(@"count %ld", (long)self.count); }
@end
